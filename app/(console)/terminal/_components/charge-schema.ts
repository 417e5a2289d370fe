import { z } from "zod";
import { createChargeSchema } from "@/lib/charges/schemas";
import { minorAmountSchema, moneyText } from "@/lib/money-schema";
import { type ChargeValues, toBody } from "./charge-values";

// The terminal's schema: POST /api/charges' own, the amount read from its text in the chosen
// currency. Loaded by the form at its first check (a dynamic import keeps zod off the page).

export const chargeSchema = (v: ChargeValues) =>
  z.preprocess(
    (values) => toBody(values as ChargeValues),
    // The amount is text here, minor units once read: the same field schema behind it.
    createChargeSchema.safeExtend({
      amount: moneyText(v.currency, minorAmountSchema) as unknown as typeof minorAmountSchema,
    }),
  );
