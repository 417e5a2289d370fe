import { z } from "zod";
import { settingsSchema, type Settings } from "@/lib/platform/settings/schema";

// The reconciliation form's schema: the server's settings schema for its two keys, read from
// the text typed. Loaded at the first check (a dynamic import keeps zod off the page).

export type ReconciliationValues = { reconciliationDays: string; reconciliationRatePerSecond: string };
export type ReconciliationChange = Pick<Settings, "reconciliationDays" | "reconciliationRatePerSecond">;

const number = (text: string) => (text.trim() === "" ? NaN : Number(text.trim()));

export const reconciliationFormSchema = () =>
  z.preprocess(
    (input) => {
      const v = input as ReconciliationValues;
      return {
        reconciliationDays: number(v.reconciliationDays),
        reconciliationRatePerSecond: number(v.reconciliationRatePerSecond),
      };
    },
    z.strictObject({
      reconciliationDays: settingsSchema.shape.reconciliationDays,
      reconciliationRatePerSecond: settingsSchema.shape.reconciliationRatePerSecond,
    }),
  );
