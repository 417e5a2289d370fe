import "server-only";
import { pool } from "@/lib/platform/db";

// The Reports page's per-day figures and the chargeback rate from report_buckets (kept per quarter
// hour, UTC, and currency by triggers on the ledger and on chargebacks: migration
// …_report_buckets), plus the deltas not yet folded: exact at every moment, and a year of days
// reads about 35,000 bucket rows a currency instead of every ledger row of the year (issue 36).
// Every time zone is a whole number of quarter hours from UTC, so a local day is whole buckets.

/** The kept rows of [$1, $2): folded buckets and the deltas not yet folded (columns as in the table). */
export const KEPT_BUCKETS = `(SELECT bucket, currency, rows, charges, charge_amount, captured, refunds, refunded, cancels, disputed
     FROM report_buckets WHERE bucket >= $1 AND bucket < $2
   UNION ALL
   SELECT bucket, currency, rows, charges, charge_amount, captured, refunds, refunded, cancels, disputed
     FROM report_bucket_deltas WHERE bucket >= $1 AND bucket < $2)`;

/** Folds the deltas into report_buckets (the minute sweep); returns the rows touched. */
export async function foldReportBuckets(): Promise<number> {
  const { rows } = await pool.query<{ n: string }>("SELECT report_buckets_fold() AS n");
  return Number(rows[0]?.n ?? 0);
}
