import "server-only";
import { pool } from "@/lib/platform/db";
import { today } from "@/lib/platform/i18n/days";
import { dayStart } from "@/lib/platform/i18n/zoned-days";
import { getSettings } from "@/lib/platform/settings/service";
import { REPORT_BUCKETS } from "@/lib/ledger";
import { keptRows, periodIndex } from "@/lib/platform/kept-hours";

/** Months of the merchant's reporting time zone (Settings), as the Reports page's days. */
export type MonthRange = { from: string; to: string; timeZone?: string };

/** YYYY-MM months, both included; the last 12 months by default, at most 24. */
export function monthRange(q: { from?: string; to?: string }, now = new Date(), timeZone = "UTC"): MonthRange {
  const to = q.to ?? today(timeZone, now).slice(0, 7);
  const back = new Date(Date.UTC(Number(to.slice(0, 4)), Number(to.slice(5, 7)) - 12, 1));
  const from = q.from ?? back.toISOString().slice(0, 7);
  const months = (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5)) - Number(from.slice(5));
  const range = months >= 0 && months < 24 ? { from, to } : { from: to, to };
  return timeZone === "UTC" ? range : { ...range, timeZone };
}

/** The same in the merchant's reporting zone. */
export async function reportingMonths(q: { from?: string; to?: string }): Promise<MonthRange> {
  return monthRange(q, new Date(), (await getSettings()).reportingTimeZone);
}

const start = (m: string, timeZone: string) => dayStart(`${m}-01`, timeZone);
const nextMonth = (m: string) =>
  new Date(Date.UTC(Number(m.slice(0, 4)), Number(m.slice(5, 7)), 1)).toISOString().slice(0, 7);

type Group = {
  key: string;
  currency: string;
  count: number;
  amount: number;
  atRisk: number;
  won: number;
  lost: number;
  wonAmount: number;
  lostAmount: number;
  winRate: number | null;
};

const COLUMNS = `currency, sum(n) AS count, sum(amt) AS amount,
  coalesce(sum(amt) FILTER (WHERE outcome = '' AND status <> 'Case Closed'), 0) AS at_risk,
  coalesce(sum(n) FILTER (WHERE outcome = 'Won'), 0) AS won, coalesce(sum(n) FILTER (WHERE outcome = 'Lost'), 0) AS lost,
  coalesce(sum(amt) FILTER (WHERE outcome = 'Won'), 0) AS won_amount,
  coalesce(sum(amt) FILTER (WHERE outcome = 'Lost'), 0) AS lost_amount`;

/** Zone months from chargeback_months (UTC, by trigger) corrected by the rows of each month's offset slice. */
const FINE = `WITH edges AS (
    SELECT least(b AT TIME ZONE 'UTC', b AT TIME ZONE $3::text) AS lo, greatest(b AT TIME ZONE 'UTC', b AT TIME ZONE $3::text) AS hi
      FROM generate_series(($1::text || '-01')::timestamp, ($2::text || '-01')::timestamp + interval '1 month', interval '1 month') b),
  parts AS (
    SELECT to_char(month, 'YYYY-MM') AS month, status, reason, currency, outcome, count AS n, amount AS amt
      FROM chargeback_months WHERE month >= ($1::text || '-01')::date AND month <= ($2::text || '-01')::date
    UNION ALL
    SELECT l.month, c.status, coalesce(c.reason, ''), c.currency, coalesce(c.outcome, ''), l.sign, l.sign * c.amount
      FROM edges e JOIN chargebacks c ON c.opened_at >= e.lo AND c.opened_at < e.hi
     CROSS JOIN LATERAL (VALUES (to_char(c.opened_at AT TIME ZONE $3::text, 'YYYY-MM'), 1),
                                (to_char(c.opened_at AT TIME ZONE 'UTC', 'YYYY-MM'), -1)) l(month, sign)
     WHERE l.month BETWEEN $1::text AND $2::text
       AND to_char(c.opened_at AT TIME ZONE $3::text, 'YYYY-MM') <> to_char(c.opened_at AT TIME ZONE 'UTC', 'YYYY-MM'))
  SELECT * FROM parts`;

const group = (r: Record<string, string>): Group => {
  const won = Number(r.won);
  const lost = Number(r.lost);
  return {
    key: r.key!,
    currency: r.currency!,
    count: Number(r.count),
    amount: Number(r.amount),
    atRisk: Number(r.at_risk),
    won,
    lost,
    wonAmount: Number(r.won_amount),
    lostAmount: Number(r.lost_amount),
    winRate: won + lost === 0 ? null : won / (won + lost),
  };
};

const breakdown = (rows: Record<string, string>[], by: string) => rows.filter((r) => r.part === by).map(group);

export async function chargebackBreakdown(range: MonthRange) {
  const zone = range.timeZone ?? "UTC";
  const months: string[] = [];
  for (let m = range.from; m <= range.to; m = nextMonth(m)) months.push(m);
  const starts = [...months, nextMonth(range.to)].map((m) => start(m, zone));
  const params: unknown[] = [];
  const p = (v: unknown) => `$${params.push(v)}`;
  const kept = keptRows(REPORT_BUCKETS, p, { from: starts[0]!, to: starts.at(-1)! }, starts);
  const month = periodIndex(p, starts);
  const [groups, rate] = await Promise.all([
    pool.query<Record<string, string>>(
      `SELECT CASE WHEN GROUPING(status) = 0 THEN 'status' WHEN GROUPING(reason) = 0 THEN 'reason' ELSE 'month' END AS part,
              CASE WHEN GROUPING(status) = 0 THEN status WHEN GROUPING(reason) = 0 THEN CASE reason WHEN '' THEN 'not given' ELSE reason END
                   ELSE month END AS key, ${COLUMNS}
         FROM (${FINE}) c
        GROUP BY GROUPING SETS ((status, currency), (reason, currency), (month, currency)) HAVING sum(n) <> 0
        ORDER BY 1, CASE WHEN GROUPING(status) = 1 AND GROUPING(reason) = 0 THEN -sum(n) END, 2, currency`,
      [range.from, range.to, zone],
    ),
    pool.query<{ i: number; currency: string; charges: string; chargebacks: string }>(
      `SELECT ${month} AS i, currency, sum(charges) AS charges, sum(disputed) AS chargebacks
         FROM ${kept} x
        GROUP BY 1, 2 HAVING sum(charges) <> 0 ORDER BY 1, 2`,
      params,
    ),
  ]);
  return {
    range,
    byStatus: breakdown(groups.rows, "status"),
    byReason: breakdown(groups.rows, "reason"),
    byMonth: breakdown(groups.rows, "month"),
    rate: rate.rows.map((r) => ({
      month: months[r.i - 1]!,
      currency: r.currency,
      charges: Number(r.charges),
      chargebacks: Number(r.chargebacks),
      rate: Number(r.charges) ? Number(r.chargebacks) / Number(r.charges) : 0,
    })),
  };
}
export type ChargebackBreakdown = Awaited<ReturnType<typeof chargebackBreakdown>>;
