import "server-only";
import type { z } from "zod";
import { db } from "@/lib/platform/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { containsText, dayBounds, type InZone } from "@/lib/platform/api/list-params";
import { filterSchemaOf } from "@/lib/platform/api/list-schema";
import { EXPORT_STOPPED } from "./export";
import { auditSearchParams } from "./search-params";

/** The audit log's filter (./search-params.ts), for GET /api/audit and its CSV export. */
export const auditFilterSchema = filterSchemaOf(auditSearchParams);
export type AuditFilter = z.infer<typeof auditFilterSchema>;

export const AUDIT_PAGE_SIZE = 50;

function whereOf(filter: InZone<AuditFilter>): Prisma.AuditLogWhereInput {
  const at: Prisma.DateTimeFilter = dayBounds(filter);
  return {
    ...(filter.actor ? { actorEmail: containsText(filter.actor) } : {}),
    ...(filter.action ? { action: { startsWith: filter.action } } : {}),
    ...(filter.result ? { result: filter.result } : {}),
    ...(at.gte || at.lt ? { at } : {}),
    ...(filter.before ? { id: { lt: BigInt(filter.before) } } : {}),
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
    before = String(rows.at(-1)!.id);
  }
}

type AuditRow = Awaited<ReturnType<typeof listAudit>>["rows"][number];

function entryView(r: AuditRow, emails: Map<string, string>) {
  const d = r.detail as { email?: unknown; rows?: unknown; stopped?: unknown } | null;
  const exported =
    r.action.endsWith(".export") && typeof d?.rows === "number"
      ? {
          rows: d.rows,
          stopped:
            d.stopped === EXPORT_STOPPED.cancelled
              ? ("cancelled" as const)
              : d.stopped === EXPORT_STOPPED.readFailed
                ? ("readFailed" as const)
                : null,
        }
      : null;
  const email = r.targetType === "user" && r.targetId ? emails.get(r.targetId) : undefined;
  return {
    id: String(r.id),
    at: r.at.toISOString(),
    actorEmail: r.actorEmail ?? (typeof d?.email === "string" ? d.email : null),
    byConsole: r.actorId === null && r.action.endsWith(".outcome"),
    role: r.actorRole,
    action: r.action,
    result: r.result,
    target: r.targetType ? `${r.targetType} ${(email ?? r.targetId) || ""}`.trim() : null,
    targetType: r.targetType,
    targetId: (email ?? r.targetId) || null,
    amount: r.amount === null ? null : Number(r.amount),
    currency: r.currency,
    reason: r.reason,
    ip: r.ip,
    exported,
  };
}
export type AuditEntryView = ReturnType<typeof entryView>;

/** A page of the log as GET /api/audit answers it and the page prefetches it. */
export async function pageAudit(filter: InZone<AuditFilter>) {
  const { rows, nextBefore } = await listAudit(filter);
  const userIds = [
    ...new Set(
      rows.filter((r) => r.targetType === "user" && /^[0-9a-f-]{36}$/i.test(r.targetId ?? "")).map((r) => r.targetId!),
    ),
  ];
  const users = userIds.length
    ? await db.user.findMany({ where: { id: { in: userIds } }, select: { id: true, email: true } })
    : [];
  const emails = new Map(users.map((u) => [u.id, u.email]));
  return {
    entries: rows.map((r) => entryView(r, emails)),
    nextBefore: nextBefore === null ? null : String(nextBefore),
  };
}
