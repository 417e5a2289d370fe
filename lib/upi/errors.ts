import en from "@/lib/platform/i18n/messages/en/customs.json";
import { UpstreamError, type UpstreamKind } from "@/lib/platform/errors";

// Every code of the spec, in words a finance person can act on: the catalogs hold them in
// every language (`customs.paymentErrors.<code>`, lib/customs/explain.ts); the English here is
// the catalog's.
const CODES = [
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
  // Failures the console detects around a call that changes nothing:
  "timeout",
  "network",
  "bad_response",
  "not_configured",
  "not_verified",
] as const;
export type PaymentErrorCode = (typeof CODES)[number];
export const UPI_ERRORS: Record<string, { title: string; explanation: string; action: string }> = Object.fromEntries(
  CODES.map((code) => [code, en.paymentErrors[code]]),
);

/**
 * The codes the spec settles as "refused, nothing was done" (and 4208, observed). Any other
 * answer to a call that moves money, the 508 gateway codes 4105–4107 included, leaves the outcome unknown.
 */
export const SETTLED_REFUSALS: ReadonlySet<string> = new Set([
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

/**
 * A card refused for what the card itself is (4200 on a charge, 4206 on storing it), named by
 * the service's message: not a decline, so never "ask for another payment method".
 */
export const CARD_REFUSALS = [
  [/invalid card number/i, "cardNumber"],
  [/card expired/i, "cardExpired"],
  [/expiry/i, "cardExpiry"],
  [/cvv/i, "cardCvv"],
] as const satisfies readonly (readonly [RegExp, keyof typeof en.paymentErrors])[];

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
  !!key && (key in UPI_ERRORS || CARD_REFUSALS.some(([, card]) => card === key));

/** What happened and what to do, in one sentence: the form every stored refusal has. */
export const refusalSentence = (e: { title: string; explanation: string; action: string }) =>
  `${e.title}. ${e.explanation} ${e.action}`;

function explain(code: string, upstreamMessage: string) {
  const key = paymentErrorKey(code, upstreamMessage);
  return key ? en.paymentErrors[key] : undefined;
}

export type Outcome = "failed" | "unknown";

/**
 * A call that did not succeed. `outcome` says what we know: "failed" means the service
 * refused and nothing happened; "unknown" means it may have happened (time-out, network,
 * 5xx on a money-moving call) and must be reconciled, never retried blindly.
 */
// Which kind of failure each code is; any other code is a refusal.
const KIND: Record<string, UpstreamKind> = {
  "4103": "not_found",
  "4010": "error",
  "4102": "error",
  not_configured: "unavailable",
  not_verified: "unavailable",
  "4105": "unavailable",
  "4106": "unavailable",
  "4107": "unavailable",
  timeout: "timeout",
  network: "unavailable",
  "4101": "error",
  "5100": "error",
  bad_response: "error",
};

export class UpiError extends UpstreamError {
  readonly title: string;
  readonly explanation: string;
  readonly action: string;

  constructor(
    readonly code: string,
    readonly httpStatus: number | null,
    readonly upstreamMessage: string,
    readonly outcome: Outcome,
  ) {
    const known = explain(code, upstreamMessage);
    super(known ? `${known.title}: ${known.explanation}` : `Payment service error ${code}: ${upstreamMessage}`);
    this.name = "UpiError";
    this.title = known?.title ?? en.paymentErrors.unknownCode.title.replace("{code}", code);
    this.explanation = known?.explanation ?? upstreamMessage;
    this.action = known?.action ?? en.paymentErrors.unknownCode.action;
  }

  /** What happened and what to do, in one sentence for a person. */
  get sentence(): string {
    return refusalSentence(this);
  }

  answer() {
    return {
      kind: KIND[this.code] ?? "refused",
      message: this.sentence,
      details: {
        service: "payment",
        upstreamCode: this.code,
        upstreamMessage: this.upstreamMessage,
        outcome: this.outcome,
      },
    };
  }
}

/** Codes for failures the console itself detected around the call. */
export const LOCAL_CODES = {
  timeout: "timeout",
  network: "network",
  badResponse: "bad_response",
  notConfigured: "not_configured",
} as const;

export function outcomeUnknown(code: string, message: string, httpStatus: number | null = null) {
  const e = new UpiError(code, httpStatus, message, "unknown");
  return Object.assign(e, {
    title: en.paymentErrors.outcomeUnknown.title,
    explanation: en.paymentErrors.outcomeUnknown.explanation.replace("{message}", message),
    action: en.paymentErrors.outcomeUnknown.action,
  });
}
