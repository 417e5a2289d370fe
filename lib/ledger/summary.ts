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
 * The filtered set's count and, per currency, what it nets: captured − refunded, by the same
 * rule as the totals the home page keeps (ledger_daily_contribution: a charge gives what was
 * captured of it, a succeeded refund takes its amount; a capture, a cancel, a failed or unpaid
 * charge give nothing), and apart from it what is authorized and not yet captured. Read apart
 * from the list's page (its own request) so the list stays as quick as it was. Bounded twice: at
 * most `cap + 1` rows are read, and a filter no index serves (a full scan to find few rows)
 * stops at the time-out.
 */
export async function summarizeTransactions(
  f: InZone<TransactionFilter>,
  cap = SUMMARY_CAP,
  timeoutMs = SUMMARY_TIMEOUT_MS,
): Promise<Summary> {
  const { sql, params } = whereFor(f);
  params.push(cap + 1);
  const client = await pool.connect();
  type Row = { currency: string; n: number; net: string; authorized: string };
  let rows: Row[];
  try {
    await client.query("BEGIN READ ONLY");
    await client.query(`SET LOCAL statement_timeout = ${Math.max(1, Math.floor(timeoutMs))}`);
    ({ rows } = await client.query<Row>(
      `SELECT s.currency, count(*)::int AS n, sum(c.g - c.r)::text AS net,
              sum(CASE WHEN s.type = 'charge' AND s.status = 'authorized'
                       THEN greatest(coalesce(s.amount_authorized_remaining, s.amount - coalesce(s.amount_captured, 0)), 0)
                       ELSE 0 END)::text AS authorized
         FROM (SELECT type, status, amount, amount_captured, amount_authorized_remaining, currency, cny_amount, parent_id
                 FROM ledger_transactions t WHERE ${sql} LIMIT $${params.length}) s,
              LATERAL ledger_daily_contribution(s.type::text, s.status, s.amount, s.amount_captured, s.currency,
                                                s.cny_amount, s.parent_id) c
        GROUP BY s.currency ORDER BY s.currency`,
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
    basis: "net",
    totals: rows.map((r) => ({ currency: r.currency, amount: Number(r.net) })),
    authorized: rows
      .filter((r) => Number(r.authorized) > 0)
      .map((r) => ({ currency: r.currency, amount: Number(r.authorized) })),
    cap,
  };
}
