import "server-only";
import { pool } from "@/lib/platform/db";
import { can, type Grants } from "@/lib/platform/auth/permissions";
import { addDays, today as todayIn } from "@/lib/platform/i18n/days";
import { dayStart, dayStarts } from "@/lib/platform/i18n/zoned-days";
import { type KeptTotals, keptRows, periodIndex } from "@/lib/platform/kept-hours";

const DAY = 86_400_000;
type Volume = { currency: string; gross: number; refunds: number; net: number; netCny: number };

const count = async (sql: string, params: unknown[] = []) =>
  Number((await pool.query<{ n: string }>(sql, params)).rows[0]?.n ?? 0);

/** What the home page shows a role: money at a glance and the queues that need a person. */
export async function overviewFor(who: Grants, now = new Date(), timeZone = "UTC") {
  const today = todayIn(timeZone, now);
  const weekDay = addDays(today, -6);
  const week = dayStart(weekDay, timeZone);
  const when = <T>(ok: boolean, run: () => Promise<T>) => (ok ? run() : Promise.resolve(null));
  const [daily, cnyBasis, approvals, unknown, chargebacks, declarations, rejected] = await Promise.all([
    when(can(who, "transactions.read"), () => dailyVolume(30, now, timeZone)),
    when(can(who, "transactions.read"), () => cnyConversions(week)),
    when(can(who, "refunds.approve"), () =>
      count("SELECT count(*) AS n FROM operations WHERE status = 'pending_approval'"),
    ),
    when(can(who, "transactions.read"), () => count("SELECT count(*) AS n FROM operations WHERE status = 'unknown'")),
    when(can(who, "chargebacks.read"), async () =>
      (
        await pool.query<{ status: string; n: string; oldest: Date }>(
          `SELECT t.status, t.n, (SELECT min(c.opened_at) FROM chargebacks c WHERE c.status = t.status) AS oldest
             FROM (SELECT status, sum(count) AS n FROM chargeback_totals
                    WHERE status IN ('Notification of Claim', 'Request For Information', 'Information Supplied')
                    GROUP BY status HAVING sum(count) > 0) t
            ORDER BY oldest`,
        )
      ).rows.map((r) => ({
        status: r.status,
        count: Number(r.n),
        oldestDays: Math.floor((now.getTime() - r.oldest.getTime()) / DAY),
      })),
    ),
    when(can(who, "customs.read"), async () => {
      const { rows } = await pool.query<{ failed: string; unknown: string; exceptions: string }>(
        `SELECT count(*) FILTER (WHERE state = 'failed') AS failed, count(*) FILTER (WHERE state = 'unknown') AS unknown,
                count(*) FILTER (WHERE customs_status = 'EXCEPT' AND state <> 'corrected') AS exceptions
           FROM customs_sub_orders WHERE state IN ('failed', 'unknown') OR customs_status = 'EXCEPT'`,
      );
      return {
        failed: Number(rows[0]?.failed ?? 0),
        unknown: Number(rows[0]?.unknown ?? 0),
        exceptions: Number(rows[0]?.exceptions ?? 0),
      };
    }),
    when(can(who, "webhooks.read"), () =>
      count("SELECT count(*) AS n FROM webhook_notifications WHERE verification = 'rejected' AND received_at >= $1", [
        week,
      ]),
    ),
  ]);
  const money =
    daily && cnyBasis ? { today: sumSince(daily, today), week: sumSince(daily, weekDay), daily, cnyBasis } : null;
  return { money, approvals, unknown, chargebacks, declarations, rejected };
}

/** Which non-CNY captured charges the week's "net in CNY" converts (ledger_daily_contribution), per currency. */
export async function cnyConversions(since: Date) {
  const { rows } = await pool.query<{ currency: string; converted: number; missing: number }>(
    `SELECT currency, count(*) FILTER (WHERE cny_amount IS NOT NULL)::int AS converted,
            count(*) FILTER (WHERE cny_amount IS NULL)::int AS missing
       FROM ledger_transactions
      WHERE time_created >= $1 AND type = 'charge' AND currency <> 'CNY' AND coalesce(amount_captured, 0) > 0
      GROUP BY currency ORDER BY currency`,
    [since],
  );
  const of = (key: "converted" | "missing") =>
    rows.filter((r) => r[key] > 0).map((r) => ({ currency: r.currency, count: r[key] }));
  return { converted: of("converted"), missing: of("missing") };
}

function sumSince(points: DailyPoint[], since: string): Volume[] {
  const by = new Map<string, Volume>();
  for (const p of points.filter((x) => x.day >= since)) {
    const v = by.get(p.currency) ?? { currency: p.currency, gross: 0, refunds: 0, net: 0, netCny: 0 };
    v.gross += p.gross;
    v.refunds += p.refunds;
    v.net = v.gross - v.refunds;
    v.netCny += p.grossCny - p.refundsCny;
    by.set(p.currency, v);
  }
  return [...by.values()].filter((v) => v.gross || v.refunds).sort((a, b) => a.currency.localeCompare(b.currency));
}
export type Overview = Awaited<ReturnType<typeof overviewFor>>;

export type DailyPoint = {
  day: string;
  currency: string;
  gross: number;
  refunds: number;
  grossCny: number;
  refundsCny: number;
};

/** The home chart's totals, kept per quarter hour and per hour (lib/platform/kept-hours.ts). */
export const LEDGER_DAILY: KeptTotals = {
  quarters: "ledger_daily",
  hours: "ledger_daily_hours",
  deltas: "ledger_daily_deltas",
  columns: ["gross", "refunds", "gross_cny", "refunds_cny"],
};

/** Per day and currency for the last `days` days of a time zone's calendar. */
export async function dailyVolume(days = 30, now = new Date(), timeZone = "UTC"): Promise<DailyPoint[]> {
  const fromDay = addDays(todayIn(timeZone, now), -(days - 1));
  const dayList = Array.from({ length: days }, (_, i) => addDays(fromDay, i));
  const starts = dayStarts(fromDay, days, timeZone);
  const params: unknown[] = [];
  const p = (v: unknown) => `$${params.push(v)}`;
  const kept = keptRows(LEDGER_DAILY, p, { from: starts[0]!, to: starts.at(-1)! }, starts);
  type Row = { i: number; currency: string; gross: string; refunds: string; gross_cny: string; refunds_cny: string };
  const { rows: sums } = await pool.query<Row>(
    `SELECT ${periodIndex(p, starts)} AS i, currency, sum(gross) AS gross,
            sum(refunds) AS refunds, sum(gross_cny) AS gross_cny, sum(refunds_cny) AS refunds_cny
       FROM ${kept} x
      GROUP BY 1, 2
     HAVING sum(gross) <> 0 OR sum(refunds) <> 0
      ORDER BY 1, 2`,
    params,
  );
  const rows = sums.map((r) => ({ ...r, day: dayList[r.i - 1]! }));
  return rows.map((r) => ({
    day: r.day,
    currency: r.currency,
    gross: Number(r.gross),
    refunds: Number(r.refunds),
    grossCny: Number(r.gross_cny),
    refundsCny: Number(r.refunds_cny),
  }));
}

/** Folds the ledger's per-day deltas into ledger_daily (the minute sweep); returns the rows touched. */
export async function foldDailyTotals(): Promise<number> {
  const { rows } = await pool.query<{ n: string }>("SELECT ledger_daily_fold() AS n");
  return Number(rows[0]?.n ?? 0);
}

export async function chargebacksByStatus() {
  const { rows } = await pool.query<{ status: string; n: string }>(
    "SELECT status, sum(count) AS n FROM chargeback_totals GROUP BY status HAVING sum(count) > 0",
  );
  return rows.map((r) => ({ label: r.status, value: Number(r.n) }));
}

export async function declarationsByResult() {
  const { rows } = await pool.query<{ state: string; n: string }>(
    "SELECT state, count(*) AS n FROM customs_sub_orders GROUP BY state",
  );
  return rows.map((r) => ({ label: r.state, value: Number(r.n) }));
}
