import "server-only";
import { z } from "zod";
import { db, pool } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { CHARGEBACK_STATUSES } from "./record";
import { searchText } from "@/lib/api/list-params";
import { getSettings } from "@/lib/settings/service";
import { deadlineOf, type ResponseDays } from "./deadline";

export const chargebackFilterSchema = z.object({
  status: z.enum(CHARGEBACK_STATUSES).optional().catch(undefined),
  q: searchText(128),
});
export type ChargebackFilter = z.infer<typeof chargebackFilterSchema>;

const DAY = 86_400_000;

const OWNER = { select: { id: true, name: true, email: true } } as const;
type Row = Prisma.ChargebackGetPayload<{ include: { history: true; owner: typeof OWNER } }>;
export function chargebackView(c: Row, days: ResponseDays, now = Date.now()) {
  return {
    id: c.id,
    chargeId: c.chargeId,
    reference: c.reference,
    amount: Number(c.amount),
    currency: c.currency,
    status: c.status,
    outcome: c.outcome,
    reason: c.reason,
    openedAt: c.openedAt.toISOString(),
    lastChangeAt: c.lastChangeAt.toISOString(),
    closedAt: c.closedAt?.toISOString() ?? null,
    ageDays: Math.floor(((c.closedAt?.getTime() ?? now) - c.openedAt.getTime()) / DAY),
    // Counted from when the case entered its current status (the console's rule: lib/chargebacks/deadline.ts).
    ...deadlineOf(c.status, c.lastChangeAt, days, now),
    owner: c.owner,
    href: `/chargebacks/${encodeURIComponent(c.id)}`,
    history: [...c.history]
      .sort((a, b) => a.at.getTime() - b.at.getTime())
      .map((h) => ({ status: h.status, at: h.at.toISOString(), source: h.source })),
  };
}
export type ChargebackView = ReturnType<typeof chargebackView>;

const where = (f: ChargebackFilter): Prisma.ChargebackWhereInput => ({
  ...(f.status ? { status: f.status } : {}),
  ...(f.q ? { OR: [{ id: f.q }, { chargeId: f.q }, { reference: f.q }] } : {}),
});

/** Newest first; chargebacks are few next to transactions, so one bounded page. */
export async function listChargebacks(f: ChargebackFilter, take = 500) {
  const [rows, settings] = await Promise.all([
    db.chargeback.findMany({
      where: where(f),
      include: { history: true, owner: OWNER },
      orderBy: [{ openedAt: "desc" }, { id: "asc" }],
      take,
    }),
    getSettings(),
  ]);
  return rows.map((r) => chargebackView(r, settings.chargebackResponseDays));
}

/** Amount by status and currency (still open = at risk), and how disputes ended. */
export async function chargebackSummary() {
  const { rows: byStatus } = await pool.query<{ status: string; currency: string; count: string; amount: string }>(
    "SELECT status, currency, count(*) AS count, sum(amount) AS amount FROM chargebacks GROUP BY status, currency ORDER BY status, currency",
  );
  const { rows: outcomes } = await pool.query<{ outcome: string | null; count: string }>(
    "SELECT outcome, count(*) AS count FROM chargebacks GROUP BY outcome",
  );
  const won = Number(outcomes.find((o) => o.outcome === "Won")?.count ?? 0);
  const lost = Number(outcomes.find((o) => o.outcome === "Lost")?.count ?? 0);
  const open = new Set(["Notification of Claim", "Request For Information", "Information Supplied"]);
  return {
    byStatus: byStatus.map((r) => ({
      status: r.status,
      currency: r.currency,
      count: Number(r.count),
      amount: Number(r.amount),
      atRisk: open.has(r.status),
    })),
    won,
    lost,
    winRate: won + lost === 0 ? null : won / (won + lost),
  };
}
