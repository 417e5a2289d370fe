import { z } from "zod";
import { minorAmountSchema, moneyText } from "@/lib/platform/money-schema";
import { captureBodySchema, refundBodySchema } from "@/lib/operations/schemas";
import type { REFUND_REASONS } from "@/lib/operations/labels";

// The fields as typed: the form imports them as types only, so this module stays off its chunk until the first check.
export type CaptureValues = { amount: string; mode: "single" | "more" | "last"; vendor: string; tracking: string };
export type RefundValues = { amount: string; reason: keyof typeof REFUND_REASONS; note: string };

// The capture and refund forms' schemas: the API's own bodies, the amount read from its text in
// the charge's currency and held to what is left. Loaded at the first check (a dynamic import
// keeps zod off the page).

// `tooMuch` is the form's own sentence, in the person's language, with the amount left.
const amountUpTo = (currency: string, left: number, tooMuch: string) =>
  moneyText(currency, minorAmountSchema.max(left, tooMuch));
const text = (s: string) => (s.trim() ? s.trim() : undefined);

export const captureSchema = (currency: string, left: number, tooMuch: string) => () =>
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
    captureBodySchema.extend({ amount: amountUpTo(currency, left, tooMuch) }),
  );

export const refundSchema = (currency: string, left: number, tooMuch: string) => () =>
  z.preprocess(
    (input) => {
      const v = input as RefundValues;
      return { amount: v.amount, reason: v.reason, note: text(v.note) };
    },
    refundBodySchema.safeExtend({
      amount: amountUpTo(currency, left, tooMuch) as unknown as typeof minorAmountSchema,
    }),
  );
