import { z } from "zod";
import { chargeFormSchema } from "@/lib/charges/schemas";
import { type ChargeValues, toBody } from "./charge-values";

// The terminal's schema: POST /api/charges' own, the amount read from its text in the chosen
// currency. Loaded by the form at its first check (a dynamic import keeps zod off the page).

export const chargeSchema = (v: ChargeValues) =>
  z.preprocess((values) => toBody(values as ChargeValues), chargeFormSchema(v.currency));
