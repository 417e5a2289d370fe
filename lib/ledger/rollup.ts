import "server-only";
import { pool } from "@/lib/platform/db";
import { dayBounds, type InZone } from "@/lib/platform/api/list-params";
import type { TransactionFilter } from "./filters";
import { whereFor } from "./query";

// The count and per-currency totals of any filter the ledger keeps totals for (status, type,
// method, currency, country and a day range: no search text, no amount bounds), exact and with
// no cap, whatever the ledger's size (issue 36). A range in the person's time zone is cut at UTC
// midnights: whole UTC months from ledger_rollup_months, the whole UTC days left from
// ledger_rollup_days, the deltas not yet folded for those days, and the partial days at its
// edges (less than a day each) from the ledger itself through its time index.

export type RollupRow = { currency: string; n: number; net: number; authorized: number };

/** Whether the kept totals answer this filter (search text and amount bounds are not kept). */
export const keptTotalsServe = (f: TransactionFilter) => !f.q && f.amountMin === undefined && f.amountMax === undefined;

const DAY = 86_400_000;
const floorDay = (d: Date) => new Date(Math.floor(d.getTime() / DAY) * DAY);
const ceilDay = (d: Date) => new Date(Math.ceil(d.getTime() / DAY) * DAY);
const ceilMonth = (d: Date) => {
  const m = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1));
  return m.getTime() === d.getTime() ? m : new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
};
const floorMonth = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1));
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The pieces a range [gte, lt) is read from; open ends reach the first and last rows kept. */
export function rangePieces(gte?: Date, lt?: Date) {
  const raw: { gte?: Date; lt?: Date }[] = [];
  const firstDay = gte ? ceilDay(gte) : undefined;
  const endDay = lt ? floorDay(lt) : undefined;
  if (firstDay && endDay && firstDay >= endDay) {
    // Within one UTC day (or two partial ones): the ledger alone.
    return { raw: [{ gte, lt }], days: [], months: null, deltaDays: null };
  }
  if (gte && firstDay && gte < firstDay) raw.push({ gte, lt: firstDay });
  if (lt && endDay && endDay < lt) raw.push({ gte: endDay, lt });
  const firstMonth = firstDay ? ceilMonth(firstDay) : undefined;
  const endMonth = endDay ? floorMonth(endDay) : undefined;
  const wholeMonths = !firstMonth || !endMonth || firstMonth < endMonth;
  const days: { gte?: string; lt?: string }[] = [];
  if (wholeMonths) {
    if (firstDay && firstMonth && firstDay < firstMonth) days.push({ gte: isoDay(firstDay), lt: isoDay(firstMonth) });
    if (endDay && endMonth && endMonth < endDay) days.push({ gte: isoDay(endMonth), lt: isoDay(endDay) });
  } else {
    days.push({ gte: firstDay && isoDay(firstDay), lt: endDay && isoDay(endDay) });
  }
  return {
    raw,
    days,
    months: wholeMonths ? { gte: firstMonth && isoDay(firstMonth), lt: endMonth && isoDay(endMonth) } : null,
    deltaDays: { gte: firstDay && isoDay(firstDay), lt: endDay && isoDay(endDay) },
  };
}

/** Count, net and authorized per currency of a filter the kept totals serve, in one statement (one snapshot). */
export async function rollupTotals(f: InZone<TransactionFilter>): Promise<RollupRow[]> {
  const { gte, lt } = dayBounds(f);
  const pieces = rangePieces(gte, lt);
  const params: unknown[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  // Each piece binds its own parameters: a parameter no piece reads would have no type.
  const dims = () => [
    ...(f.status?.length ? [`status = ANY(${p(f.status)}::text[])`] : []),
    ...(f.type?.length ? [`type = ANY(${p(f.type)}::text[])`] : []),
    ...(f.method ? [`method = ${p(f.method)}`] : []),
    ...(f.currency ? [`currency = ${p(f.currency)}`] : []),
    ...(f.country ? [`country = ${p(f.country)}`] : []),
  ];
  const parts: string[] = [];
  const from = (table: string, column: string, r: { gte?: string; lt?: string }) => {
    const where = [
      ...dims(),
      ...(r.gte ? [`${column} >= ${p(r.gte)}::date`] : []),
      ...(r.lt ? [`${column} < ${p(r.lt)}::date`] : []),
    ];
    parts.push(`SELECT currency, n, net, authorized FROM ${table} WHERE ${where.join(" AND ") || "TRUE"}`);
  };
  if (pieces.months) from("ledger_rollup_months", "month", pieces.months);
  for (const d of pieces.days) from("ledger_rollup_days", "day", d);
  if (pieces.deltaDays) from("ledger_rollup_deltas", "day", pieces.deltaDays);
  for (const r of pieces.raw) {
    const own = whereFor({ ...f, from: undefined, to: undefined });
    const offset = params.length;
    params.push(...own.params);
    const where = [
      own.sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`),
      ...(r.gte ? [`time_created >= ${p(r.gte)}::timestamptz`] : []),
      ...(r.lt ? [`time_created < ${p(r.lt)}::timestamptz`] : []),
    ];
    parts.push(
      `SELECT currency, 1 AS n, ledger_rollup_net(type::text, status, amount, amount_captured) AS net,
              ledger_rollup_authorized(type::text, status, amount, amount_captured, amount_authorized_remaining) AS authorized
         FROM ledger_transactions WHERE ${where.join(" AND ")}`,
    );
  }
  type Row = { currency: string; n: string; net: string; authorized: string };
  const { rows } = await pool.query<Row>(
    `SELECT currency, sum(n)::text AS n, sum(net)::text AS net, sum(authorized)::text AS authorized
       FROM (${parts.join(" UNION ALL ")}) x
      GROUP BY currency HAVING sum(n) <> 0 ORDER BY currency`,
    params,
  );
  return rows.map((r) => ({
    currency: r.currency,
    n: Number(r.n),
    net: Number(r.net),
    authorized: Number(r.authorized),
  }));
}

/** Folds the deltas into the kept days and months (the minute sweep); returns the rows touched. */
export async function foldRollup(): Promise<number> {
  const { rows } = await pool.query<{ n: string }>("SELECT ledger_rollup_fold() AS n");
  return Number(rows[0]?.n ?? 0);
}
