import "server-only";
import { pool } from "@/lib/platform/db";
import type { KeptTotals } from "@/lib/platform/kept-hours";

// The Reports page's per-day figures and the chargeback rate from report_buckets (kept per quarter
// hour, UTC, and currency by triggers on the ledger and on chargebacks: migration
// …_report_buckets, and per hour: …_kept_hours), plus the deltas not yet folded: exact at every
// moment, and a year of days reads about 8,800 hour rows a currency instead of every ledger row
// of the year (issue 36). Every time zone is a whole number of quarter hours from UTC, so a
// local day is whole buckets.

/** The Reports page's totals, kept per quarter hour, hour and day (lib/platform/kept-hours.ts). */
export const REPORT_BUCKETS: KeptTotals = {
  quarters: "report_buckets",
  hours: "report_hours",
  days: "report_days",
  deltas: "report_bucket_deltas",
  columns: ["rows", "charges", "charge_amount", "captured", "refunds", "refunded", "cancels", "disputed"],
};

/** Folds the deltas into report_buckets (the minute sweep); returns the rows touched. */
export async function foldReportBuckets(): Promise<number> {
  const { rows } = await pool.query<{ n: string }>("SELECT report_buckets_fold() AS n");
  return Number(rows[0]?.n ?? 0);
}
