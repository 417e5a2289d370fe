import { z } from "zod";
import { settingsSchema } from "@/lib/platform/settings/schema";
import type { BatchValues } from "./batch-values";
import { thresholdsSchema } from "./thresholds-schema";

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
