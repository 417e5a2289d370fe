import "server-only";
import { pool } from "@/lib/db";
import { can, type Role } from "@/lib/auth/permissions";

const DAY = 86_400_000;
type Volume = { currency: string; gross: number; refunds: number; net: number };

/** Captured charges and succeeded refunds created since `from`, per currency (indexed on time_created). */
async function volumeSince(from: Date): Promise<Volume[]> {
  const { rows } = await pool.query<{ currency: string; gross: string | null; refunds: string | null }>(
    `SELECT currency,
            sum(coalesce(amount_captured, 0)) FILTER (WHERE type = 'charge') AS gross,
            sum(amount) FILTER (WHERE type = 'refund' AND status = 'succeeded') AS refunds
       FROM ledger_transactions WHERE time_created >= $1 GROUP BY currency ORDER BY currency`,
    [from],
  );
  return rows
    .map((r) => ({ currency: r.currency, gross: Number(r.gross ?? 0), refunds: Number(r.refunds ?? 0) }))
    .map((v) => ({ ...v, net: v.gross - v.refunds }))
    .filter((v) => v.gross || v.refunds);
}

const count = async (sql: string, params: unknown[] = []) => Number((await pool.query<{ n: string }>(sql, params)).rows[0]?.n ?? 0);

/** What the home page shows a role: money at a glance and the queues that need a person. Only what the role may see. */
export async function overviewFor(role: Role, now = new Date()) {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const week = new Date(today.getTime() - 6 * DAY);
  const money = can(role, "transactions.read") ? { today: await volumeSince(today), week: await volumeSince(week) } : null;
  const approvals = can(role, "refunds.approve") ? await count("SELECT count(*) AS n FROM operations WHERE status = 'pending_approval'") : null;
  const unknown = can(role, "transactions.read")
    ? (await pool.query<{ id: string; kind: string; transaction_id: string; amount: string; currency: string; created_at: Date }>(
        "SELECT id, kind, transaction_id, amount, currency, created_at FROM operations WHERE status = 'unknown' ORDER BY created_at LIMIT 5",
      )).rows.map((r) => ({ ...r, amount: Number(r.amount) }))
    : null;
  const chargebacks = can(role, "chargebacks.read")
    ? (await pool.query<{ status: string; n: string; oldest: Date }>(
        `SELECT status, count(*) AS n, min(opened_at) AS oldest FROM chargebacks
          WHERE status IN ('Notification of Claim', 'Request For Information', 'Information Supplied') GROUP BY status ORDER BY min(opened_at)`,
      )).rows.map((r) => ({ status: r.status, count: Number(r.n), oldestDays: Math.floor((now.getTime() - r.oldest.getTime()) / DAY) }))
    : null;
  const declarations = can(role, "customs.read")
    ? {
        failed: await count("SELECT count(*) AS n FROM customs_sub_orders WHERE state = 'failed'"),
        unknown: await count("SELECT count(*) AS n FROM customs_sub_orders WHERE state = 'unknown'"),
        exceptions: await count("SELECT count(*) AS n FROM customs_sub_orders WHERE customs_status = 'EXCEPT' AND state <> 'corrected'"),
      }
    : null;
  const rejected = can(role, "webhooks.read") ? await count("SELECT count(*) AS n FROM webhook_notifications WHERE verification = 'rejected' AND received_at >= $1", [week]) : null;
  return { money, approvals, unknown, chargebacks, declarations, rejected };
}
export type Overview = Awaited<ReturnType<typeof overviewFor>>;

export type DailyPoint = { day: string; currency: string; gross: number; refunds: number };

/** Per day and currency for the last `days` days: aggregated in PostgreSQL, never in the browser. */
export async function dailyVolume(days = 30, now = new Date()): Promise<DailyPoint[]> {
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - (days - 1) * DAY);
  const { rows } = await pool.query<{ day: string; currency: string; gross: string | null; refunds: string | null }>(
    `SELECT to_char(date_trunc('day', time_created AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS day, currency,
            sum(coalesce(amount_captured, 0)) FILTER (WHERE type = 'charge') AS gross,
            sum(amount) FILTER (WHERE type = 'refund' AND status = 'succeeded') AS refunds
       FROM ledger_transactions WHERE time_created >= $1 GROUP BY 1, 2 ORDER BY 1, 2`,
    [from],
  );
  return rows.map((r) => ({ day: r.day, currency: r.currency, gross: Number(r.gross ?? 0), refunds: Number(r.refunds ?? 0) }));
}

export async function chargebacksByStatus() {
  const { rows } = await pool.query<{ status: string; n: string }>("SELECT status, count(*) AS n FROM chargebacks GROUP BY status");
  return rows.map((r) => ({ label: r.status, value: Number(r.n) }));
}

export async function declarationsByResult() {
  const { rows } = await pool.query<{ state: string; n: string }>("SELECT state, count(*) AS n FROM customs_sub_orders GROUP BY state");
  return rows.map((r) => ({ label: r.state, value: Number(r.n) }));
}
