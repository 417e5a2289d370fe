import "server-only";
import { pool } from "@/lib/platform/db";
import type { InZone } from "@/lib/platform/api/list-params";
import type { TransactionFilter } from "./filters";
import { whereFor } from "./query";
import {
  keptTotalsServe,
  NET_OF_ROW,
  rollupTotals,
  type RollupSums,
  shareOf,
  toRollupRow,
  totalsBasis,
} from "./rollup";
import type { Summary } from "@/lib/platform/api/list-summary";

export type { Summary as ListSummary } from "@/lib/platform/api/list-summary";

/** How long a filter the kept totals do not serve may take to count exactly before an estimate is given. */
export const SUMMARY_TIMEOUT_MS = 400;

/** The filtered set's count and, per currency, what its charges net. */
export async function summarizeTransactions(
  f: InZone<TransactionFilter>,
  timeoutMs = SUMMARY_TIMEOUT_MS,
): Promise<Summary> {
  const rows = keptTotalsServe(f) ? await rollupTotals(f) : await countRows(f, timeoutMs);
  if (!rows) return { count: await estimate(f), more: false, estimate: true, totals: null };
  const basis = totalsBasis(f);
  return {
    count: rows.reduce((sum, r) => sum + r.n, 0),
    more: false,
    ...(basis ? { basis, totals: rows.map((r) => ({ currency: r.currency, amount: r.net })) } : { totals: [] }),
    authorized: rows.filter((r) => r.authorized > 0).map((r) => ({ currency: r.currency, amount: r.authorized })),
  };
}

async function countRows(f: InZone<TransactionFilter>, timeoutMs: number) {
  const { sql, params } = whereFor(f, { sums: true });
  const client = await pool.connect();
  try {
    await client.query("BEGIN READ ONLY");
    await client.query(`SET LOCAL statement_timeout = ${Math.max(1, Math.floor(timeoutMs))}`);
    const { rows } = await client.query<RollupSums>(
      `SELECT currency, count(*)::text AS n,
              sum(${shareOf(totalsBasis(f) ?? "net", NET_OF_ROW, "type::text")})::text AS net,
              sum(ledger_rollup_authorized(type::text, status, amount, amount_captured, amount_authorized_remaining))::text AS authorized
         FROM ledger_transactions WHERE ${sql} GROUP BY currency ORDER BY currency`,
      params,
    );
    await client.query("COMMIT");
    return rows.map(toRollupRow);
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    if ((error as { code?: string }).code === "57014") return null;
    throw error;
  } finally {
    client.release();
  }
}

async function estimate(f: InZone<TransactionFilter>): Promise<number> {
  const { sql, params } = whereFor(f);
  const { rows } = await pool.query<{ "QUERY PLAN": [{ Plan: { "Plan Rows": number } }] }>(
    `EXPLAIN (FORMAT JSON) SELECT 1 FROM ledger_transactions WHERE ${sql}`,
    params,
  );
  return Math.round(rows[0]?.["QUERY PLAN"][0].Plan["Plan Rows"] ?? 0);
}
