import "server-only";
import { pool } from "@/lib/platform/db";
import type { KeptTotals } from "@/lib/platform/kept-hours";

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
