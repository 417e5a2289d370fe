import "server-only";
import { pool } from "@/lib/db";
import type { TransactionFilter } from "./filters";
import { whereFor } from "./query";
import type { Summary } from "@/lib/api/list-summary";

/** Past this many rows the count says "more than" and no totals are summed (bench:list keeps it quick at 1M rows). */
export const SUMMARY_CAP = 10_000;

export type { Summary as ListSummary } from "@/lib/api/list-summary";

/**
 * The filtered set's count and amount per currency, read apart from the list's page (its own
 * request) so the list stays as quick as it was. Bounded: at most `cap + 1` rows are read.
 */
export async function summarizeTransactions(f: TransactionFilter, cap = SUMMARY_CAP): Promise<Summary> {
  const { sql, params } = whereFor(f);
  params.push(cap + 1);
  const { rows } = await pool.query<{ currency: string; n: number; total: string }>(
    `SELECT currency, count(*)::int AS n, sum(amount)::text AS total
       FROM (SELECT currency, amount FROM ledger_transactions t WHERE ${sql} LIMIT $${params.length}) s
      GROUP BY currency ORDER BY currency`,
    params,
  );
  const seen = rows.reduce((sum, r) => sum + r.n, 0);
  if (seen > cap) return { count: cap, more: true, totals: null, cap };
  return {
    count: seen,
    more: false,
    totals: rows.map((r) => ({ currency: r.currency, amount: Number(r.total) })),
    cap,
  };
}
