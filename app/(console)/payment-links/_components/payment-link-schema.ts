import { z } from "zod";
import { minorAmountSchema, moneyText } from "@/lib/platform/money-schema";
import { createPaymentLinkSchema } from "@/lib/payment-links/schemas";
import type { PaymentLinkValues } from "./payment-link-form";

// The payment-link form's schema: POST /api/payment-links' own, the amount read from its text in
// the chosen currency. Loaded at the first check (a dynamic import keeps zod off the page).

export const paymentLinkSchema = (v: PaymentLinkValues) =>
  z.preprocess(
    (input) => {
      const values = input as PaymentLinkValues;
      return { ...values, reference: values.reference.trim() || undefined };
    },
    createPaymentLinkSchema.safeExtend({
      amount: moneyText(v.currency, minorAmountSchema) as unknown as typeof minorAmountSchema,
    }),
  );
