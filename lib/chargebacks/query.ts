import "server-only";
import { db, pool } from "@/lib/platform/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { AT_RISK_STATUSES, statusRank } from "@/lib/upi/shared";
import { keysetOn } from "@/lib/platform/api/keyset";
import { fragmentOf } from "@/lib/platform/api/fragment";
import { getSettings } from "@/lib/platform/settings/service";
import { deadlineOf, type ResponseDays } from "./deadline";
import type { ChargebackFilter } from "./schemas";

const DAY = 86_400_000;

const OWNER = { select: { id: true, name: true, email: true } } as const;
type Row = Prisma.ChargebackGetPayload<{ include: { history: true; owner: typeof OWNER } }>;
export function chargebackView(c: Row, days: ResponseDays, now = Date.now()) {
  return {
    id: c.id,
    chargeId: c.chargeId,
    listedChargeId: c.chargeId === null ? null : c.listedChargeId,
    untied: c.chargeId === null,
    reference: c.reference,
    amount: Number(c.amount),
    currency: c.currency,
    status: c.status,
    outcome: c.outcome,
    reason: c.reason,
    openedAt: c.openedAt.toISOString(),
    lastChangeAt: c.lastChangeAt.toISOString(),
    closedAt: c.closedAt?.toISOString() ?? null,
    ageDays: Math.max(0, Math.floor(((c.closedAt?.getTime() ?? now) - c.openedAt.getTime()) / DAY)),
    ...deadlineOf(c.status, c.lastChangeAt, days, now),
    owner: c.owner,
    href: `/chargebacks/${encodeURIComponent(c.id)}`,
    history: [...c.history]
      .sort((a, b) => a.at.getTime() - b.at.getTime() || statusRank(a.status) - statusRank(b.status))
      .map((h) => ({ status: h.status, at: h.at.toISOString(), source: h.source })),
  };
}
export type ChargebackView = ReturnType<typeof chargebackView>;

const paged = keysetOn<
  Prisma.ChargebackGetPayload<object>,
  Prisma.ChargebackWhereInput,
  Prisma.ChargebackOrderByWithRelationInput
>("openedAt", "id");

const where = (f: ChargebackFilter): Prisma.ChargebackWhereInput => ({
  AND: [
    {
      ...(f.status ? { status: f.status } : f.atRisk ? { status: { in: AT_RISK_STATUSES } } : {}),
      ...(f.q ? { OR: [{ id: fragmentOf(f.q) }, { chargeId: f.q }, { reference: fragmentOf(f.q) }] } : {}),
    },
    paged.after(f.cursor),
  ],
});

/** One page of the chargebacks that match, newest opened first (`cursor` from the previous page's `nextCursor`). */
export async function pageChargebacks(f: ChargebackFilter) {
  const [rows, settings] = await Promise.all([
    db.chargeback.findMany({
      where: where(f),
      include: { history: true, owner: OWNER },
      orderBy: paged.orderBy,
      take: f.limit + 1,
    }),
    getSettings(),
  ]);
  const page = paged.page(rows, f.limit, f.cursor);
  return {
    rows: page.rows.map((r) => chargebackView(r, settings.chargebackResponseDays)),
    nextCursor: page.nextCursor,
    older: page.older,
  };
}

/** GET /api/chargebacks and the list page's first page: a page of cases beside the summary of them all. */
export async function listChargebacks(f: ChargebackFilter) {
  const [{ rows, nextCursor, older }, summary] = await Promise.all([pageChargebacks(f), chargebackSummary()]);
  return { chargebacks: rows, nextCursor, older, summary };
}

/** Amount by status and currency (still open = at risk), and how disputes ended. */
export async function chargebackSummary() {
  const { rows } = await pool.query<{
    status: string;
    currency: string;
    outcome: string;
    count: string;
    amount: string;
  }>(
    "SELECT status, currency, outcome, count, amount FROM chargeback_totals WHERE count <> 0 ORDER BY status, currency",
  );
  const byStatus = new Map<string, { status: string; currency: string; count: number; amount: number }>();
  let won = 0;
  let lost = 0;
  for (const r of rows) {
    const key = `${r.status}\u0000${r.currency}`;
    const s = byStatus.get(key) ?? { status: r.status, currency: r.currency, count: 0, amount: 0 };
    s.count += Number(r.count);
    s.amount += Number(r.amount);
    byStatus.set(key, s);
    if (r.outcome === "Won") won += Number(r.count);
    if (r.outcome === "Lost") lost += Number(r.count);
  }
  const open = new Set(["Notification of Claim", "Request For Information", "Information Supplied"]);
  return {
    byStatus: [...byStatus.values()].map((s) => ({ ...s, atRisk: open.has(s.status) })),
    won,
    lost,
    winRate: won + lost === 0 ? null : won / (won + lost),
  };
}
export type ChargebackSummary = Awaited<ReturnType<typeof chargebackSummary>>;
