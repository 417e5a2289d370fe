import en from "@/lib/platform/i18n/messages/en/paymentErrors.json";
import { CARD_REFUSALS, type PaymentErrorKey, refusalSentence } from "@/lib/upi/codes";
import { UPI_ERRORS } from "@/lib/upi/errors";

/** The catalog key of a stored failure reason, or null when it is not one of the explained ones. */
export function reasonKey(code: string | null, message: string | null): PaymentErrorKey | null {
  if (!code || !message) return null;
  const candidates: PaymentErrorKey[] =
    code === "4200" || code === "4206"
      ? [code, ...CARD_REFUSALS.map(([, key]) => key)]
      : UPI_ERRORS[code]
        ? [code as PaymentErrorKey]
        : [];
  return candidates.find((key) => refusalSentence(en[key]) === message) ?? null;
}
