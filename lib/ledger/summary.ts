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

/**
 * How long a filter the kept totals do not serve may take to count exactly before an estimate
 * is given: 400 ms, so that with the estimate and the request around it the answer stays within
 * the 500 ms a search's count is allowed (issue 36; at 500 the answer took 516 ms at 10M rows).
 */
export const SUMMARY_TIMEOUT_MS = 400;

/**
 * The filtered set's count and, per currency, what its charges net: each matching charge's
 * captured − refunded, whatever rows the filter leaves out (refunds alone: what they refunded;
 * captures or cancels alone: no totals), and apart from it what is authorized and not yet captured. Read apart from the list's page (its
 * own request) so the list stays as quick as it was.
 *
 * Exact and uncapped for status, type, method, currency, country and a day range: from the
 * totals the ledger keeps (./rollup.ts), whatever its size. Search text, amount bounds and a
 * customer (few rows beside the ledger's, by its btree) are counted from the rows themselves;
 * past `timeoutMs` the count is the planner's estimate, labelled "about", with no totals.
 */
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

/** The rows themselves, summed within a time-out; null when it ran out. */
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

/** The planner's estimate of the filter's rows (statistics, no rows read). */
async function estimate(f: InZone<TransactionFilter>): Promise<number> {
  const { sql, params } = whereFor(f);
  const { rows } = await pool.query<{ "QUERY PLAN": [{ Plan: { "Plan Rows": number } }] }>(
    `EXPLAIN (FORMAT JSON) SELECT 1 FROM ledger_transactions WHERE ${sql}`,
    params,
  );
  return Math.round(rows[0]?.["QUERY PLAN"][0].Plan["Plan Rows"] ?? 0);
}
