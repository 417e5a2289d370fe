import { z } from "zod";
import { chargeFormSchema } from "@/lib/charges/schemas";
import type { ConfirmValues } from "./confirm-values";

// The confirm form's schema: POST /api/charges/<token>/confirm's own body (the terminal's),
// the amount read in the charge's currency; the card checked (Luhn, a past expiry) before
// anything is sent. Loaded at the first check (a dynamic import keeps zod off the page).

export const confirmSchema = (reference: string, currency: string) => () =>
  z.preprocess((input) => {
    const v = input as ConfirmValues;
    return {
      reference,
      amount: v.amount,
      currency,
      method: v.method,
      ...(v.method === "card"
        ? { card: { pan: v.card.pan, expiry: v.card.expiry.trim(), cvv: v.card.cvv.trim() } }
        : {}),
    };
  }, chargeFormSchema(currency));
