import "server-only";
import { pool } from "@/lib/platform/db";
import { getSettings } from "@/lib/platform/settings/service";
import { deadlineOf, dueCutoffs, DUE_SOON_DAYS } from "./deadline";

const DAY = 86_400_000;

/** The managers' queue: open cases past their respond-by date or due within DUE_SOON_DAYS. */
export async function dueChargebacks(limit = 20, now = Date.now()) {
  const { chargebackResponseDays: days } = await getSettings();
  const cutoffs = dueCutoffs(days, now + DUE_SOON_DAYS * DAY);
  const params: unknown[] = [];
  const ors = cutoffs.map((c) => {
    params.push(c.status, c.enteredBefore);
    return `(c.status = $${params.length - 1} AND c.last_change_at <= $${params.length})`;
  });
  ors.push("(c.charge_id IS NULL AND c.status <> 'Case Closed' AND c.outcome IS NULL)");
  const { rows } = await pool.query<{
    id: string;
    charge_id: string | null;
    amount: string;
    currency: string;
    status: string;
    last_change_at: Date;
    owner: string | null;
  }>(
    `SELECT c.id, c.charge_id, c.amount, c.currency, c.status, c.last_change_at, u.name AS owner
       FROM chargebacks c LEFT JOIN users u ON u.id = c.owner_id
      WHERE ${ors.join(" OR ")}
      ORDER BY c.last_change_at, c.id LIMIT 1000`,
    params,
  );
  const cases = rows
    .map((r) => ({
      id: r.id,
      chargeId: r.charge_id,
      untied: r.charge_id === null,
      amount: Number(r.amount),
      currency: r.currency,
      status: r.status,
      owner: r.owner,
      href: `/chargebacks/${encodeURIComponent(r.id)}`,
      ...deadlineOf(r.status, r.last_change_at, days, now),
    }))
    .sort((a, b) => Number(b.untied) - Number(a.untied) || (a.respondBy ?? "").localeCompare(b.respondBy ?? ""));
  return {
    total: cases.length,
    overdue: cases.filter((c) => c.urgency === "overdue").length,
    cases: cases.slice(0, limit),
  };
}
