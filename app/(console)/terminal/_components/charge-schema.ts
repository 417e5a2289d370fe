import { z } from "zod";
import { chargeFormSchema } from "@/lib/charges/schemas";
import { NEEDS_GOODS } from "@/lib/charges/sections";
import { keyed } from "@/lib/platform/keyed";
import { type ChargeValues, toBody } from "./charge-values";

// The terminal's schema: POST /api/charges' own, the amounts read from their text in the chosen
// currency. Loaded by the form at its first check (a dynamic import keeps zod off the page).
// The terminal asks one thing more than the API: a method that needs goods lines gets them
// from the person at the terminal (the spec leaves per-method requirements open, so the API
// takes a klarna charge without them, as integrations send it).

/** A method that needs goods lines has them (the terminal and confirm ask it; the API does not). */
export function goodsRequired(body: { method?: string; goods?: unknown[] }, ctx: z.RefinementCtx) {
  if (body.method && NEEDS_GOODS.has(body.method) && !body.goods?.length)
    ctx.addIssue({
      code: "custom",
      path: ["goods"],
      message: keyed("validation.charge.goodsRequired", { method: body.method }),
    });
}

export const chargeSchema = (v: ChargeValues) =>
  z.preprocess((values) => toBody(values as ChargeValues), chargeFormSchema(v.currency).superRefine(goodsRequired));
