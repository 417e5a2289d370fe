import { z } from "zod";
import { formatMoney } from "@/lib/money";
import { minorAmountSchema, moneyText } from "@/lib/money-schema";
import { captureBodySchema, refundBodySchema } from "@/lib/operations/schemas";
import type { CaptureValues, RefundValues } from "./operation-forms";

// The capture and refund forms' schemas: the API's own bodies, the amount read from its text in
// the charge's currency and held to what is left. Loaded at the first check (a dynamic import
// keeps zod off the page).

const amountUpTo = (currency: string, left: number) =>
  moneyText(currency, minorAmountSchema.max(left, `The amount is more than the ${formatMoney(left, currency)} left.`));
const text = (s: string) => (s.trim() ? s.trim() : undefined);

export const captureSchema = (currency: string, left: number) => () =>
  z.preprocess(
    (input) => {
      const v = input as CaptureValues;
      const shipping = { vendor: text(v.vendor), tracking: text(v.tracking) };
      return {
        amount: v.amount,
        ...(v.mode === "more" ? { multiCapture: true } : v.mode === "last" ? { lastCapture: true } : {}),
        ...(shipping.vendor || shipping.tracking ? { shipping } : {}),
      };
    },
    captureBodySchema.extend({ amount: amountUpTo(currency, left) }),
  );

export const refundSchema = (currency: string, left: number) => () =>
  z.preprocess(
    (input) => {
      const v = input as RefundValues;
      return { amount: v.amount, reason: v.reason, note: text(v.note) };
    },
    refundBodySchema.safeExtend({
      amount: amountUpTo(currency, left) as unknown as typeof minorAmountSchema,
    }),
  );
