import en from "@/lib/platform/i18n/messages/en/paymentErrors.json";
import { CARD_REFUSALS, type PaymentErrorKey, refusalSentence } from "@/lib/upi/codes";
import { UPI_ERRORS } from "@/lib/upi/errors";

// Which of the payment service's explained refusals an operation's stored reason is, so a page
// can show it in the reader's language: the key of its words in `paymentErrors` (one
// set of words for a refusal wherever it is shown, lib/customs/explain.ts). The stored text is
// the English sentence UpiError.sentence wrote; anything else (an unknown code's raw message)
// has no key and is shown as it was stored. Server code: the client gets only the key.

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
