import "server-only";
import { db } from "@/lib/platform/db";
import type { Prisma, ReconciliationException, ReconciliationRun } from "@/lib/generated/prisma/client";
import { keysetOn } from "@/lib/platform/api/keyset";
import { AGES } from "./kinds";
import type { ExceptionFilter } from "./schemas";

const DAY = 86_400_000;
const isUuid = (v: string) => /^[0-9a-f-]{36}$/i.test(v);

export function exceptionView(e: ReconciliationException, now = Date.now(), reference: string | null = null) {
  return {
    id: e.id,
    chargeId: e.chargeId,
    /** The charge's order reference, which the list leads with (null: the ledger has none). */
    reference,
    kind: e.kind,
    subject: e.subject,
    currency: e.currency,
    ledger: e.ledger as Record<string, string | number | boolean | null>,
    provider: e.provider as Record<string, string | number | boolean | null>,
    firstSeenAt: e.firstSeenAt.toISOString(),
    lastSeenAt: e.lastSeenAt.toISOString(),
    ageDays: Math.floor(((e.resolvedAt?.getTime() ?? now) - e.firstSeenAt.getTime()) / DAY),
    resolvedAt: e.resolvedAt?.toISOString() ?? null,
    resolvedBy: e.resolvedByEmail,
    resolution: e.resolution,
  };
}
export type ExceptionView = ReturnType<typeof exceptionView>;

export const runView = (r: ReconciliationRun) => ({
  id: r.id,
  trigger: r.trigger,
  startedBy: r.startedByEmail,
  startedAt: r.startedAt.toISOString(),
  finishedAt: r.finishedAt?.toISOString() ?? null,
  checked: r.checked,
  calls: r.calls,
  exceptions: r.exceptions,
  applied: r.applied,
  notChecked: r.notChecked,
});
export type RunView = ReturnType<typeof runView>;

const paged = keysetOn<
  ReconciliationException,
  Prisma.ReconciliationExceptionWhereInput,
  Prisma.ReconciliationExceptionOrderByWithRelationInput
>("firstSeenAt", "id", isUuid);

const where = (f: ExceptionFilter, now: number): Prisma.ReconciliationExceptionWhereInput => ({
  AND: [
    {
      resolvedAt: (f.state ?? "open") === "open" ? null : { not: null },
      ...(f.kind ? { kind: f.kind } : {}),
      ...(f.currency ? { currency: f.currency } : {}),
      ...(f.charge ? { chargeId: f.charge } : {}),
      ...(f.age ? { firstSeenAt: { lte: new Date(now - AGES[f.age] * DAY) } } : {}),
    },
    paged.after(f.cursor),
  ],
});

/** One page of the differences that match, newest first seen first. */
export async function pageExceptions(f: ExceptionFilter, now = Date.now()) {
  const rows = await db.reconciliationException.findMany({
    where: where(f, now),
    orderBy: paged.orderBy,
    take: f.limit + 1,
  });
  const page = paged.page(rows, f.limit, f.cursor);
  const charges = await db.ledgerTransaction.findMany({
    where: { id: { in: [...new Set(page.rows.map((r) => r.chargeId))] } },
    select: { id: true, reference: true },
  });
  const references = new Map(charges.map((c) => [c.id, c.reference]));
  return {
    rows: page.rows.map((r) => exceptionView(r, now, references.get(r.chargeId) ?? null)),
    nextCursor: page.nextCursor,
    older: page.older,
  };
}

/** The last runs, newest first (the page's figures). */
export const listRuns = async (take = 5) =>
  (await db.reconciliationRun.findMany({ orderBy: { startedAt: "desc" }, take })).map(runView);

/** GET /api/reconciliation/exceptions and the page's first load: a page of differences and the last runs. */
export async function listExceptions(f: ExceptionFilter) {
  const [{ rows, nextCursor, older }, runs, open] = await Promise.all([
    pageExceptions(f),
    listRuns(),
    countOpenExceptions(),
  ]);
  return { exceptions: rows, nextCursor, older, runs, open };
}

/** Differences waiting for a person (the home page's count). */
export const countOpenExceptions = () => db.reconciliationException.count({ where: { resolvedAt: null } });
