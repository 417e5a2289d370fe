import { z } from "zod";
import { minorAmountSchema, moneyText } from "@/lib/platform/money-schema";
import { checkReturnUrls, type LinkKind, paymentLinkFields, RETURN_URLS } from "@/lib/payment-links/schemas";

// The fields as typed: the form imports them as types only, so this module stays off its chunk until the first check.
export type PaymentLinkValues = {
  kind: string;
  vendor: string;
  amount: string;
  currency: string;
  reference: string;
  callbackUrl: string;
  callbackUrlSuccess: string;
  callbackUrlFail: string;
  mobileResultUrl: string;
  allowDuplicates: boolean;
};

// The payment-link form's schema: POST /api/payment-links' own, the amount read from its text in
// the chosen currency. Loaded at the first check (a dynamic import keeps zod off the page).

const URL_FIELDS = ["callbackUrl", "callbackUrlSuccess", "callbackUrlFail", "mobileResultUrl"] as const;

/** The form's values as the API takes them: empty fields left out, and the return URLs of another kind (hidden). */
export function linkBody(values: PaymentLinkValues) {
  const takes: readonly string[] = RETURN_URLS[values.kind as LinkKind] ?? [];
  const urls = Object.fromEntries(
    URL_FIELDS.map((f) => [f, takes.includes(f) && values[f].trim() ? values[f].trim() : undefined]),
  );
  return {
    ...values,
    ...urls,
    reference: values.reference.trim() || undefined,
    allowDuplicates: values.allowDuplicates || undefined,
  };
}

export const paymentLinkSchema = (v: PaymentLinkValues) =>
  z.preprocess(
    (input) => linkBody(input as PaymentLinkValues),
    paymentLinkFields
      .safeExtend({ amount: moneyText(v.currency, minorAmountSchema) as unknown as typeof minorAmountSchema })
      .superRefine(checkReturnUrls),
  );
