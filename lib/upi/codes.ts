import type { useTranslations } from "use-intl";
import type en from "@/lib/platform/i18n/messages/en/paymentErrors.json";

// The payment service's codes and which of them settle a call.
export const CODES = [
  "4000",
  "4010",
  "4100",
  "4101",
  "4102",
  "4103",
  "4105",
  "4106",
  "4107",
  "4200",
  "4201",
  "4202",
  "4203",
  "4204",
  "4205",
  "4206",
  "4208",
  "5100",
  "timeout",
  "network",
  "bad_response",
  "not_configured",
  "not_verified",
] as const;
export type PaymentErrorCode = (typeof CODES)[number];

/** The codes the spec settles as "refused, nothing was done" (and 4208, observed). */
export const SETTLED_REFUSALS: ReadonlySet<string> = /* @__PURE__ */ new Set([
  "4000",
  "4010",
  "4100",
  "4102",
  "4103",
  "4200",
  "4201",
  "4202",
  "4203",
  "4204",
  "4205",
  "4206",
  "4208",
]);

/** A card refused for what the card itself is (4200 on a charge, 4206 on storing it). */
export const CARD_REFUSALS = [
  [/invalid card number/i, "cardNumber"],
  [/card expired/i, "cardExpired"],
  [/expiry/i, "cardExpiry"],
  [/cvv/i, "cardCvv"],
] as const satisfies readonly (readonly [RegExp, keyof typeof en])[];

/** The catalog key of a code's words: a card refusal by the service's message, else the code. */
export type PaymentErrorKey = PaymentErrorCode | (typeof CARD_REFUSALS)[number][1];
export function paymentErrorKey(code: string, upstreamMessage: string): PaymentErrorKey | null {
  if (code === "4200" || code === "4206") {
    const card = CARD_REFUSALS.find(([pattern]) => pattern.test(upstreamMessage));
    if (card) return card[1];
  }
  return (CODES as readonly string[]).includes(code) ? (code as PaymentErrorCode) : null;
}

/** Whether a key (an operation's errorKey, from the API) names one of the explained refusals' words. */
export const isRefusalKey = (key: string | null | undefined): key is PaymentErrorKey =>
  !!key && ((CODES as readonly string[]).includes(key) || CARD_REFUSALS.some(([, card]) => card === key));

/** What happened and what to do, in one sentence: the form every stored refusal has. */
export const refusalSentence = (e: { title: string; explanation: string; action: string }) =>
  `${e.title}. ${e.explanation} ${e.action}`;

/** The payment service's explained refusals (their own namespace: the money pages read them without the customs area's words). */
export type PaymentErrorsT = ReturnType<typeof useTranslations<"paymentErrors">>;

/** A payment-service code (4xxx, 5100, the console's own) in the reader's language: title, explanation, action. */
export function paymentError(
  t: PaymentErrorsT,
  code: string,
  upstreamMessage = "",
): { title: string; explanation: string; action: string } | null {
  const key = paymentErrorKey(code, upstreamMessage);
  return key ? paymentErrorWords(t, key) : null;
}

/** The words of one of the payment service's explained refusals, by its key (an operation's errorKey). */
export function paymentErrorWords(t: PaymentErrorsT, key: PaymentErrorKey) {
  return {
    title: t(`${key}.title`),
    explanation: t(`${key}.explanation`),
    action: t(`${key}.action`),
  };
}
