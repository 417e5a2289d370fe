import "server-only";
import { pool } from "@/lib/platform/db";
import { dayBounds, type InZone } from "@/lib/platform/api/list-params";
import type { TransactionFilter } from "./filters";
import { whereFor } from "./query";

// The count and per-currency totals of any filter the ledger keeps totals for.

export type RollupRow = { currency: string; n: number; net: number; authorized: number };
/** A row of sums as PostgreSQL gives them (bigint sums as text). */
export type RollupSums = { currency: string; n: string; net: string; authorized: string };
/** A ledger row's kept net, computed from the row (the rule of the rollup's trigger). */
export const NET_OF_ROW = "ledger_rollup_net(type::text, status, amount, amount_captured, amount_refunded)";
export const toRollupRow = (r: RollupSums): RollupRow => ({
  currency: r.currency,
  n: Number(r.n),
  net: Number(r.net),
  authorized: Number(r.authorized),
});

/** What a filter's totals sum (issue 48, item 13). */
export function totalsBasis(f: TransactionFilter): "net" | "refunded" | null {
  if (!f.type?.length || f.type.includes("charge")) return "net";
  return f.type.includes("refund") ? "refunded" : null;
}

/** The SQL of a row's share of the totals. */
export const shareOf = (basis: "net" | "refunded", net: string, type = "type") =>
  basis === "net"
    ? `CASE WHEN ${type} IN ('charge', '*') THEN ${net} ELSE 0 END`
    : `CASE WHEN ${type} = 'refund' THEN -(${net}) ELSE 0 END`;

/** Whether the kept totals answer this filter (search text, a customer and amount bounds are not kept). */
export const keptTotalsServe = (f: TransactionFilter) =>
  !f.q && !f.customer && f.amountMin === undefined && f.amountMax === undefined;

const DAY = 86_400_000;
type Grain = "y" | "m" | "d";
const GRAINS: Grain[] = ["y", "m", "d"];
const floorTo = (g: Grain, d: Date) =>
  g === "d"
    ? new Date(Math.floor(d.getTime() / DAY) * DAY)
    : new Date(Date.UTC(d.getUTCFullYear(), g === "m" ? d.getUTCMonth() : 0, 1));
const next = (g: Grain, d: Date) =>
  g === "d"
    ? new Date(d.getTime() + DAY)
    : new Date(Date.UTC(d.getUTCFullYear() + (g === "y" ? 1 : 0), d.getUTCMonth() + (g === "m" ? 1 : 0), 1));
const ceilTo = (g: Grain, d: Date) => {
  const f = floorTo(g, d);
  return f.getTime() === d.getTime() ? f : next(g, f);
};
const isoDay = (d: Date | undefined) => d?.toISOString().slice(0, 10);

export type Piece = { grain: Grain; gte?: string; lt?: string };

/** The kept pieces of [gte, lt): whole years, months, days; what is left at each end is `raw`, from the ledger. */
export function rangePieces(gte?: Date, lt?: Date) {
  const pieces: Piece[] = [];
  const raw: { gte?: Date; lt?: Date }[] = [];
  const cut = (a: Date | undefined, b: Date | undefined, level: number) => {
    const grain = GRAINS[level];
    if (!grain) {
      raw.push({ ...(a ? { gte: a } : {}), ...(b ? { lt: b } : {}) });
      return;
    }
    const first = a && ceilTo(grain, a);
    const end = b && floorTo(grain, b);
    if (first && end && first >= end) return cut(a, b, level + 1);
    pieces.push({ grain, ...(first ? { gte: isoDay(first) } : {}), ...(end ? { lt: isoDay(end) } : {}) });
    if (a && first && a < first) cut(a, first, level + 1);
    if (b && end && end < b) cut(end, b, level + 1);
  };
  if (gte && lt && gte >= lt) return { pieces, raw, deltaDays: null };
  cut(gte, lt, 0);
  const firstDay = gte && ceilTo("d", gte);
  const endDay = lt && floorTo("d", lt);
  const deltaDays =
    firstDay && endDay && firstDay >= endDay
      ? null
      : { ...(firstDay ? { gte: isoDay(firstDay) } : {}), ...(endDay ? { lt: isoDay(endDay) } : {}) };
  return { pieces, raw, deltaDays };
}

/** Count, net and authorized per currency of a filter the kept totals serve, in one statement (one snapshot). */
export async function rollupTotals(f: InZone<TransactionFilter>): Promise<RollupRow[]> {
  const basis = totalsBasis(f) ?? "net";
  const { gte, lt } = dayBounds(f);
  const pieces = rangePieces(gte, lt);
  const params: unknown[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const dims = () => [
    ...(f.status?.length ? [`status = ANY(${p(f.status)}::text[])`] : []),
    ...(f.type?.length ? [`type = ANY(${p(f.type)}::text[])`] : []),
    ...(f.method ? [`method = ${p(f.method)}`] : []),
    ...(f.currency ? [`currency = ${p(f.currency)}`] : []),
    ...(f.country ? [`country = ${p(f.country)}`] : []),
  ];
  const parts: string[] = [];
  const byCurrencyOnly = !f.status?.length && !f.type?.length && !f.method && !f.country;
  const from = (table: string, column: string, r: { gte?: string; lt?: string }, grain?: Grain) => {
    const where = [
      ...(grain ? [`grain = '${byCurrencyOnly ? grain.toUpperCase() : grain}'`] : []),
      ...dims(),
      ...(r.gte ? [`${column} >= ${p(r.gte)}::date`] : []),
      ...(r.lt ? [`${column} < ${p(r.lt)}::date`] : []),
    ];
    parts.push(
      `SELECT currency, n, ${shareOf(basis, "net")} AS net, authorized FROM ${table} WHERE ${where.join(" AND ") || "TRUE"}`,
    );
  };
  for (const piece of pieces.pieces) from("ledger_rollup", "start", piece, piece.grain);
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
      `SELECT currency, 1 AS n, ${shareOf(basis, NET_OF_ROW, "type::text")} AS net,
              ledger_rollup_authorized(type::text, status, amount, amount_captured, amount_authorized_remaining) AS authorized
         FROM ledger_transactions WHERE ${where.join(" AND ")}`,
    );
  }
  if (!parts.length) return []; // an empty range (from after to)
  const { rows } = await pool.query<RollupSums>(
    `SELECT currency, sum(n)::text AS n, sum(net)::text AS net, sum(authorized)::text AS authorized
       FROM (${parts.join(" UNION ALL ")}) x
      GROUP BY currency HAVING sum(n) <> 0 ORDER BY currency`,
    params,
  );
  return rows.map(toRollupRow);
}

/** Folds the deltas into the kept days and months (the minute sweep); returns the rows touched. */
export async function foldRollup(): Promise<number> {
  const { rows } = await pool.query<{ n: string }>("SELECT ledger_rollup_fold() AS n");
  return Number(rows[0]?.n ?? 0);
}
