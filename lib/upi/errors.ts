// Every code of the spec, in words a finance person can act on.
export const UPI_ERRORS: Record<string, { title: string; explanation: string; action: string }> = {
  "4000": {
    title: "Bad request",
    explanation: "The payment service rejected the request as malformed.",
    action: "Check the amounts and fields; if it persists, report it with the transaction id.",
  },
  "4010": {
    title: "Not authorized",
    explanation: "The payment service did not accept the console's credentials.",
    action: "An admin should check the private key in Settings and run “Test connection”.",
  },
  "4100": {
    title: "Duplicate request",
    explanation: "This reference was already used, so the service refused to do it again.",
    action: "Nothing was done twice. Refresh the transaction to see the earlier result.",
  },
  "4101": {
    title: "Unknown error",
    explanation: "The payment service failed in an unknown way.",
    action: "Do not retry yet: refresh the transaction first to see whether it went through.",
  },
  "4102": {
    title: "Invalid header",
    explanation: "The payment service rejected a request header.",
    action: "Report this to an admin; it is a configuration problem.",
  },
  "4103": {
    title: "Not found",
    explanation: "The payment service does not know this transaction or token.",
    action: "Check the id; it may belong to another merchant account or environment.",
  },
  "4105": {
    title: "Gateway timeout",
    explanation: "The payment network did not answer the service in time.",
    action: "Nothing was done. Try again in a few minutes.",
  },
  "4106": {
    title: "Gateway unavailable",
    explanation: "The payment network is unavailable.",
    action: "Nothing was done. Try again later.",
  },
  "4107": {
    title: "Gateway error",
    explanation: "The payment network returned an error.",
    action: "Nothing was done. Try again later, or contact the provider if it persists.",
  },
  "4200": {
    title: "Charge failed",
    explanation: "The charge was declined.",
    action: "Ask the customer for another payment method.",
  },
  "4201": {
    title: "Capture refused",
    explanation:
      "The authorization cannot be captured for this amount (already captured, canceled, expired, or the amount is too high).",
    action: "Refresh the transaction and check what is left to capture.",
  },
  "4202": {
    title: "Refund failed",
    explanation:
      "The refund was refused: the money is not captured yet, the amount is more than what is left, or the balance does not cover it.",
    action: "Refresh the transaction and check what is left to refund.",
  },
  "4203": {
    title: "Cancel failed",
    explanation: "Only an authorization that has not been captured can be canceled.",
    action: "If money was captured, refund it instead.",
  },
  "4204": {
    title: "Deletion failed",
    explanation: "The stored payment token could not be deleted (it may already be deleted).",
    action: "Refresh the token to see its status.",
  },
  "4205": {
    title: "Modification failed",
    explanation: "The charge can no longer be changed (it is already authorized, or the reference differs).",
    action: "Create a new charge instead.",
  },
  "4206": {
    title: "Vault failed",
    explanation: "The card could not be stored.",
    action: "Check the card number, expiry and CVV.",
  },
  "4208": {
    title: "Partial refund not allowed",
    explanation: "This payment method only allows refunding the full amount.",
    action: "Refund the full remaining amount, or settle the difference another way.",
  },
  "5100": {
    title: "Payment service error",
    explanation: "The payment service had an internal error.",
    action: "Do not retry yet: refresh the transaction first to see whether it went through.",
  },
  // Failures the console detects around a call that changes nothing:
  timeout: {
    title: "No answer",
    explanation: "The payment service did not answer in time.",
    action: "Try again in a moment; if it persists, an admin should check the service status.",
  },
  network: {
    title: "Service unreachable",
    explanation: "The console could not reach the payment service.",
    action: "Try again in a moment; if it persists, an admin should check the base URL in Settings.",
  },
  bad_response: {
    title: "Unexpected answer",
    explanation: "The payment service answered in a shape the console does not understand.",
    action: "Report it to an admin with the transaction id.",
  },
  not_configured: {
    title: "Not configured",
    explanation: "The payment service credentials are not set.",
    action: "An admin should set the private key in Settings.",
  },
  not_verified: {
    title: "New address not tested",
    explanation:
      "The payment service's base URL was changed and the credentials have not been tested there yet, so nothing is sent to it.",
    action: "An admin should run “Test connection” in Settings.",
  },
};

/**
 * A card refused for what the card itself is (4200 on a charge, 4206 on storing it), named by
 * the service's message: not a decline, so never "ask for another payment method".
 */
export const CARD_REFUSALS: [RegExp, { title: string; explanation: string; action: string }][] = [
  [
    /invalid card number/i,
    {
      title: "Card number not valid",
      explanation: "This card number is not valid — check the digits.",
      action: "Type the number again from the card.",
    },
  ],
  [
    /card expired/i,
    {
      title: "Card expired",
      explanation: "This card has expired.",
      action: "Ask the customer for the card's current expiry date, or another card.",
    },
  ],
  [
    /expiry/i,
    { title: "Expiry not valid", explanation: "The expiry date is not valid.", action: "Enter it as MM/YY." },
  ],
  [/cvv/i, { title: "CVV not valid", explanation: "The CVV is not valid.", action: "Enter the 3 or 4 digits." }],
];

function explain(code: string, upstreamMessage: string) {
  if (code === "4200" || code === "4206") {
    const card = CARD_REFUSALS.find(([pattern]) => pattern.test(upstreamMessage));
    if (card) return card[1];
  }
  return UPI_ERRORS[code];
}

export type Outcome = "failed" | "unknown";

/**
 * A call that did not succeed. `outcome` says what we know: "failed" means the service
 * refused and nothing happened; "unknown" means it may have happened (time-out, network,
 * 5xx on a money-moving call) and must be reconciled, never retried blindly.
 */
export class UpiError extends Error {
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
    this.title = known?.title ?? `Error ${code}`;
    this.explanation = known?.explanation ?? upstreamMessage;
    this.action = known?.action ?? "Refresh the transaction before trying again.";
  }

  /** What happened and what to do, in one sentence for a person. */
  get sentence(): string {
    return `${this.title}. ${this.explanation} ${this.action}`;
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
    title: "Outcome unknown",
    explanation: `The payment service did not give a clear answer (${message}). The operation may or may not have happened.`,
    action: "Do not retry: the console is checking with the payment service.",
  });
}
