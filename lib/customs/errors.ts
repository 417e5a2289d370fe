export const CUSTOMS_ERRORS: Record<string, { name: string; explanation: string; action: string }> = {
  ZZ: {
    name: "UNKNOWN_ALL",
    explanation: "The customs service failed for an unknown reason.",
    action: "Inquire the declaration before resubmitting; contact the service if it persists.",
  },
  B1: {
    name: "INVALID_TOKEN",
    explanation: "The customs service did not accept the console's token.",
    action: "An admin should check the customs token in Settings.",
  },
  B2: {
    name: "INVALID_REFERENCE",
    explanation: "The service does not know a paid order with this reference.",
    action: "Check the reference: it must be the one sent with the payment, and the payment must be completed.",
  },
  B3: {
    name: "INVALID_PARAMETER",
    explanation: "A parameter is missing or wrong.",
    action: "Read the detail below, correct the field and submit again.",
  },
  B4: {
    name: "INVALID_PAYMENT_TYPE",
    explanation: "The payment type does not fit (upop accepts only Hosted or Online).",
    action: "Choose the payment type the order was paid with.",
  },
  B6: {
    name: "INVALID_VENDOR",
    explanation: "The vendor is not one of alipay, wechatpay or upop.",
    action: "Choose the vendor the order was paid with.",
  },
  timeout: {
    name: "TIMEOUT",
    explanation: "Customs did not answer in time; the declaration may or may not have been submitted.",
    action: "Inquire the declaration before resubmitting.",
  },
  network: {
    name: "UNREACHABLE",
    explanation: "The console could not reach the customs service.",
    action: "Try again in a moment; an admin should check the base URL if it persists.",
  },
  bad_response: {
    name: "BAD_RESPONSE",
    explanation: "The customs service answered in a shape the console does not understand.",
    action: "Inquire the declaration, and report it to an admin.",
  },
  not_configured: {
    name: "NOT_CONFIGURED",
    explanation: "The customs token is not set.",
    action: "An admin should set it in Settings.",
  },
};

export class CustomsError extends Error {
  readonly explanation: string;
  readonly action: string;
  constructor(
    readonly code: string,
    readonly detail: string,
    readonly outcome: "failed" | "unknown" = "failed",
  ) {
    const known = CUSTOMS_ERRORS[code];
    super(`${known?.name ?? code}: ${detail || known?.explanation || "customs error"}`);
    this.name = "CustomsError";
    this.explanation = known?.explanation ?? detail;
    this.action = known?.action ?? "Inquire the declaration before trying again.";
  }
}
