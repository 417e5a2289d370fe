import type { Settings } from "@/lib/platform/settings/schema";

// Maker-checker on a batch as a whole (issue 34).

export type BatchRules = Pick<Settings, "refundBatchThresholds">;

/** Hours back the unreviewed batches count: a day. */
export const UNREVIEWED_WINDOW_HOURS = 24;

/** The currencies in which this batch passes its threshold (empty: it needs no manager). */
export function batchOverThreshold(
  rules: BatchRules,
  totals: Record<string, number>,
  unreviewed: Record<string, number>,
): string[] {
  return Object.keys(totals)
    .sort()
    .filter((currency) => {
      const limit = rules.refundBatchThresholds[currency];
      return limit === undefined || (totals[currency] ?? 0) + (unreviewed[currency] ?? 0) > limit;
    });
}
