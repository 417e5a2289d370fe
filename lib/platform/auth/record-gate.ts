import "server-only";
import type { ReactNode } from "react";
import type { z } from "zod";
import { notFound } from "next/navigation";
import { requirePageUser } from "@/lib/platform/auth/session";
import type { CurrentUser } from "@/lib/platform/auth/session";
import type { Permission } from "@/lib/platform/auth/permissions";

/** Permission, then existence, decided before the record page's skeleton streams. */
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
