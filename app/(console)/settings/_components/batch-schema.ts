import { z } from "zod";
import { type Settings, settingsSchema } from "@/lib/platform/settings/schema";
import { thresholdsSchema } from "./thresholds-schema";

// The fields as typed: the form imports them as types only, so this module stays off its chunk until the first check.
/** A batch threshold per currency in its major unit (empty: every batch in it waits), the rate as typed. */
export type BatchValues = { refundBatchThresholds: Record<string, string>; refundBatchRatePerSecond: string };
export type BatchChange = Pick<Settings, "refundBatchThresholds" | "refundBatchRatePerSecond">;

// The refund-batch form's schema: the server's settings schema for its keys, each threshold read
// in its own currency. Loaded at the first check (a dynamic import keeps zod off the page).

export const batchFormSchema = (v: BatchValues) =>
  z.preprocess(
    (input) => {
      const values = input as BatchValues;
      const rate = values.refundBatchRatePerSecond.trim();
      return {
        refundBatchThresholds: values.refundBatchThresholds,
        refundBatchRatePerSecond: rate === "" ? NaN : Number(rate),
      };
    },
    z.strictObject({
      refundBatchThresholds: thresholdsSchema(v.refundBatchThresholds, settingsSchema.shape.refundBatchThresholds),
      refundBatchRatePerSecond: settingsSchema.shape.refundBatchRatePerSecond,
    }),
  );
