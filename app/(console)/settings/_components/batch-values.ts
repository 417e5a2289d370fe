import type { Settings } from "@/lib/platform/settings/schema";

// The refund-batch form's fields as typed and what it sends (the form and its schema share them).

/** A batch threshold per currency in its major unit (empty: every batch in it waits), the rate as typed. */
export type BatchValues = { refundBatchThresholds: Record<string, string>; refundBatchRatePerSecond: string };
export type BatchChange = Pick<Settings, "refundBatchThresholds" | "refundBatchRatePerSecond">;
