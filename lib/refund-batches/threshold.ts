import type { Settings } from "@/lib/platform/settings/schema";

// Maker-checker on a batch as a whole (issue 34).

export type BatchRules = Pick<Settings, "refundBatchThresholds">;

/** Hours back the unreviewed batches count: a day. */
export const UNREVIEWED_WINDOW_HOURS = 24;

/** Why the batch waits for a manager, by currency: over its threshold, or one without a threshold. */
export function batchThresholdReasons(
  rules: BatchRules,
  totals: Record<string, number>,
  unreviewed: Record<string, number>,
): { over: string[]; unset: string[] } {
  const currencies = Object.keys(totals).sort();
  const limit = (c: string) => rules.refundBatchThresholds[c];
  return {
    over: currencies.filter((c) => limit(c) !== undefined && (totals[c] ?? 0) + (unreviewed[c] ?? 0) > limit(c)!),
    unset: currencies.filter((c) => limit(c) === undefined),
  };
}

export function batchOverThreshold(
  rules: BatchRules,
  totals: Record<string, number>,
  unreviewed: Record<string, number>,
): string[] {
  const { over, unset } = batchThresholdReasons(rules, totals, unreviewed);
  return [...over, ...unset].sort();
}
