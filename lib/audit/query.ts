import "server-only";
import { z } from "zod";
import { db } from "@/lib/db";

export const AUDIT_RESULTS = ["ok", "denied", "conflict", "invalid", "pending_approval", "succeeded", "failed", "unknown", "error"] as const;

// The URL is the filter state; bad values fall back to "no filter" instead of failing.
const optionalText = z.string().trim().max(200).optional().catch(undefined);
export const auditFilterSchema = z.object({
  actor: optionalText,
  action: optionalText,
  result: z.enum(AUDIT_RESULTS).optional().catch(undefined),
  before: z.coerce.bigint().positive().optional().catch(undefined),
});
export type AuditFilter = z.infer<typeof auditFilterSchema>;

export const AUDIT_PAGE_SIZE = 50;

/** Newest first, keyset-paged on the id so deep pages cost the same as the first. */
export async function listAudit(filter: AuditFilter) {
  const rows = await db.auditLog.findMany({
    where: {
      ...(filter.actor ? { actorEmail: { contains: filter.actor, mode: "insensitive" as const } } : {}),
      ...(filter.action ? { action: { startsWith: filter.action } } : {}),
      ...(filter.result ? { result: filter.result } : {}),
      ...(filter.before ? { id: { lt: filter.before } } : {}),
    },
    orderBy: { id: "desc" },
    take: AUDIT_PAGE_SIZE + 1,
  });
  const more = rows.length > AUDIT_PAGE_SIZE;
  const page = rows.slice(0, AUDIT_PAGE_SIZE);
  return { rows: page, nextBefore: more ? page.at(-1)!.id : null };
}
