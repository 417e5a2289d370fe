import "server-only";
import type { ReactNode } from "react";
import type { z } from "zod";
import { notFound } from "next/navigation";
import { requirePageUser } from "@/lib/platform/auth/session";
import type { CurrentUser } from "@/lib/platform/auth/session";
import type { Permission } from "@/lib/platform/auth/permissions";

/**
 * The layout of one record's page (a transaction, a case, a declaration, a card, a customer):
 * the section's permission, then whether the record named by the URL exists, both decided
 * before the skeleton beside the page (its loading.tsx) streams — so an unknown id answers a
 * real 404 and a refusal a real 403, not a 200 whose body says "not found". The permission
 * comes first: someone who may not read the section learns nothing of which ids exist. Params
 * the schema refuses are an unknown record.
 */
export function recordLayout<S extends z.ZodType>(
  permission: Permission,
  params: S,
  exists: (params: z.output<S>, user: CurrentUser) => Promise<boolean>,
) {
  return async function RecordLayout(props: { params: Promise<Record<string, string>>; children: ReactNode }) {
    const user = await requirePageUser(permission);
    const parsed = params.safeParse(await props.params);
    if (!parsed.success || !(await exists(parsed.data, user))) notFound();
    return props.children;
  };
}
