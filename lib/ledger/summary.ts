import "server-only";
import { pool } from "@/lib/platform/db";
import type { InZone } from "@/lib/platform/api/list-params";
import type { TransactionFilter } from "./filters";
import { whereFor } from "./query";
import type { Summary } from "@/lib/platform/api/list-summary";

/** Past this many rows the count says "more than" and no totals are summed (bench:list keeps it quick at 1M rows). */
export const SUMMARY_CAP = 10_000;

export type { Summary as ListSummary } from "@/lib/platform/api/list-summary";

/** A summary that takes longer gives way: the page says it could not count quickly instead of waiting. */
export const SUMMARY_TIMEOUT_MS = 500;

/**
 * The filtered set's count and amount per currency, read apart from the list's page (its own
 * request) so the list stays as quick as it was. Bounded twice: at most `cap + 1` rows are read,
 * and a filter no index serves (a full scan to find few rows) stops at the time-out.
 */
export async function summarizeTransactions(
  f: InZone<TransactionFilter>,
  cap = SUMMARY_CAP,
  timeoutMs = SUMMARY_TIMEOUT_MS,
): Promise<Summary> {
  const { sql, params } = whereFor(f);
  params.push(cap + 1);
  const client = await pool.connect();
  let rows: { currency: string; n: number; total: string }[];
  try {
    await client.query("BEGIN READ ONLY");
    await client.query(`SET LOCAL statement_timeout = ${Math.max(1, Math.floor(timeoutMs))}`);
    ({ rows } = await client.query<{ currency: string; n: number; total: string }>(
      `SELECT currency, count(*)::int AS n, sum(amount)::text AS total
         FROM (SELECT currency, amount FROM ledger_transactions t WHERE ${sql} LIMIT $${params.length}) s
        GROUP BY currency ORDER BY currency`,
      params,
    ));
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    if ((error as { code?: string }).code === "57014") return { count: 0, more: true, slow: true, totals: null, cap };
    throw error;
  } finally {
    client.release();
  }
  const seen = rows.reduce((sum, r) => sum + r.n, 0);
  if (seen > cap) return { count: cap, more: true, totals: null, cap };
  return {
    count: seen,
    more: false,
    totals: rows.map((r) => ({ currency: r.currency, amount: Number(r.total) })),
    cap,
  };
}
