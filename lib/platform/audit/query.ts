import "server-only";
import { z } from "zod";
import { db } from "@/lib/platform/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import {
  calendarDay,
  containsText,
  dayBounds,
  idBefore,
  type InZone,
  searchText,
} from "@/lib/platform/api/list-params";

export const AUDIT_RESULTS = [
  "ok",
  "denied",
  "conflict",
  "invalid",
  "pending_approval",
  "succeeded",
  "failed",
  "unknown",
  "error",
] as const;

// The URL is the filter state; bad values fall back to "no filter" instead of failing.
const optionalText = searchText(200);
const optionalDate = calendarDay;
export const auditFilterSchema = z.object({
  actor: optionalText,
  action: optionalText,
  result: z.enum(AUDIT_RESULTS).optional().catch(undefined),
  // The reader's calendar days (InZone), both ends included.
  from: optionalDate,
  to: optionalDate,
  before: idBefore,
});
export type AuditFilter = z.infer<typeof auditFilterSchema>;

export const AUDIT_PAGE_SIZE = 50;

function whereOf(filter: InZone<AuditFilter>): Prisma.AuditLogWhereInput {
  const at: Prisma.DateTimeFilter = dayBounds(filter);
  return {
    ...(filter.actor ? { actorEmail: containsText(filter.actor) } : {}),
    ...(filter.action ? { action: { startsWith: filter.action } } : {}),
    ...(filter.result ? { result: filter.result } : {}),
    ...(at.gte || at.lt ? { at } : {}),
    ...(filter.before ? { id: { lt: filter.before } } : {}),
  };
}

/** Newest first, keyset-paged on the id so deep pages cost the same as the first. */
export async function listAudit(filter: InZone<AuditFilter>) {
  const rows = await db.auditLog.findMany({
    where: whereOf(filter),
    orderBy: { id: "desc" },
    take: AUDIT_PAGE_SIZE + 1,
  });
  const more = rows.length > AUDIT_PAGE_SIZE;
  const page = rows.slice(0, AUDIT_PAGE_SIZE);
  return { rows: page, nextBefore: more ? page.at(-1)!.id : null };
}

/** Every matching entry, newest first, in batches: the CSV export never holds the log in memory. */
export async function* iterateAudit(filter: InZone<AuditFilter>, batch = 1000) {
  let before = filter.before;
  for (;;) {
    const rows = await db.auditLog.findMany({
      where: whereOf({ ...filter, before }),
      orderBy: { id: "desc" },
      take: batch,
    });
    yield* rows;
    if (rows.length < batch) return;
    before = rows.at(-1)!.id;
  }
}
