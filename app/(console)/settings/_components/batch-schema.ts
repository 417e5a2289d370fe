import { z } from "zod";
import { settingsSchema } from "@/lib/platform/settings/schema";
import { optionalMoneyText } from "@/lib/platform/money-schema";
import type { BatchValues } from "./batch-values";

// The refund-batch form's schema: the server's settings schema for its keys, each threshold read
// in its own currency. Loaded at the first check (a dynamic import keeps zod off the page).

const threshold = settingsSchema.shape.refundBatchThresholds.valueType;

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
      refundBatchThresholds: z
        .strictObject(
          Object.fromEntries(
            Object.keys(v.refundBatchThresholds).map((c) => [c, optionalMoneyText(c, threshold, { allowZero: true })]),
          ),
        )
        .transform((all) => Object.fromEntries(Object.entries(all).filter(([, minor]) => minor !== undefined)))
        .pipe(settingsSchema.shape.refundBatchThresholds),
      refundBatchRatePerSecond: settingsSchema.shape.refundBatchRatePerSecond,
    }),
  );
