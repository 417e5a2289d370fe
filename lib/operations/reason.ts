import en from "@/lib/i18n/messages/en/customs.json";
import { CARD_REFUSALS, UPI_ERRORS } from "@/lib/upi/errors";

// Which of the payment service's explained refusals an operation's stored reason is, so a page
// can show it in the reader's language (operations namespace, `upi.<key>`). The stored text is
// the English sentence UpiError.sentence wrote; anything else (an unknown code's raw message)
// has no key and is shown as it was stored. Server code: the client gets only the key.

/** The card refusals' keys, in CARD_REFUSALS' order. */
export const CARD_REFUSAL_KEYS = ["card_number", "card_expired", "expiry", "cvv"] as const;

const sentence = (e: { title: string; explanation: string; action: string }) =>
  `${e.title}. ${e.explanation} ${e.action}`;

/** Every explained refusal as [key, its English sentence]. */
export function explainedRefusals(): [string, string][] {
  return [
    ...Object.entries(UPI_ERRORS).map(([code, e]) => [code, sentence(e)] as [string, string]),
    ...CARD_REFUSALS.map(([, key], i) => [CARD_REFUSAL_KEYS[i]!, sentence(en.paymentErrors[key])] as [string, string]),
  ];
}

/** The catalog key of a stored failure reason, or null when it is not one of the explained ones. */
export function reasonKey(code: string | null, message: string | null): string | null {
  if (!code || !message) return null;
  const candidates = code === "4200" || code === "4206" ? [code, ...CARD_REFUSAL_KEYS] : UPI_ERRORS[code] ? [code] : [];
  const known = new Map(explainedRefusals());
  return candidates.find((key) => known.get(key) === message) ?? null;
}
