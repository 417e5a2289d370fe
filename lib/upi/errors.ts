import en from "@/lib/platform/i18n/messages/en/paymentErrors.json";
import { UpstreamError, type UpstreamKind } from "@/lib/platform/errors";
import { CODES, paymentErrorKey, refusalSentence } from "@/lib/upi/codes";

// Every code of the spec (lib/upi/codes.ts), in words a finance person can act on.
export const UPI_ERRORS: Record<string, { title: string; explanation: string; action: string }> = Object.fromEntries(
  CODES.map((code) => [code, en[code]]),
);

function explain(code: string, upstreamMessage: string) {
  const key = paymentErrorKey(code, upstreamMessage);
  return key ? en[key] : undefined;
}

export type Outcome = "failed" | "unknown";

/** `outcome`: "failed", nothing happened; "unknown", it may have, so reconcile, never retry blindly. */
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
    this.title = known?.title ?? en.unknownCode.title.replace("{code}", code);
    this.explanation = known?.explanation ?? upstreamMessage;
    this.action = known?.action ?? en.unknownCode.action;
  }

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
    title: en.outcomeUnknown.title,
    explanation: en.outcomeUnknown.explanation.replace("{message}", message),
    action: en.outcomeUnknown.action,
  });
}

/** Whether a money-moving create whose call failed may have happened all the same. */
export const mayHaveHappened = (error: unknown, retry: boolean) =>
  error instanceof UpiError && (error.outcome === "unknown" || (retry && error.code === "4100"));

/** A failed call's reason in the audit log: the service's code and title, or "error". */
export const auditReason = (error: unknown) => (error instanceof UpiError ? `${error.code} ${error.title}` : "error");

/** The code of a refusal worded as the spec words it (its sentence is in the catalog), else null. */
export function explainedCode(error: unknown): string | null {
  if (!(error instanceof UpiError)) return null;
  const known = UPI_ERRORS[error.code];
  return known && known.title === error.title && known.explanation === error.explanation ? error.code : null;
}
