import "server-only";
import { notFound } from "next/navigation";
import { requirePageUser } from "@/lib/auth/session";
import type { CurrentUser } from "@/lib/auth/session";
import type { Permission } from "@/lib/auth/permissions";

/**
 * For the layout of one record's page (a transaction, a case, a declaration, a card, a
 * customer): the section's permission, then whether the record exists, both decided before
 * the skeleton beside the page (its loading.tsx) streams — so an unknown id answers a real
 * 404 and a refusal a real 403, not a 200 whose body says "not found". The permission comes
 * first: someone who may not read the section learns nothing of which ids exist.
 */
export async function recordGate(
  permission: Permission,
  exists: (user: CurrentUser) => Promise<boolean>,
): Promise<void> {
  const user = await requirePageUser(permission);
  if (!(await exists(user))) notFound();
}
