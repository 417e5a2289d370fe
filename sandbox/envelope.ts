// The spec's envelope and error table.
export const APP = "service_upi";
export const VERSION = "v1.0.0";

export const ERRORS: Record<string, { message: string; http: number }> = {
  "4000": { message: "bad request", http: 400 },
  "4010": { message: "unauthorized", http: 401 },
  "4100": { message: "duplicate request", http: 400 },
  "4101": { message: "unknown error", http: 500 },
  "4102": { message: "invalid header", http: 400 },
  "4103": { message: "not found", http: 404 },
  "4105": { message: "gateway timeout", http: 508 },
  "4106": { message: "gateway unavailable", http: 508 },
  "4107": { message: "gateway error", http: 508 },
  "4200": { message: "charge failed", http: 406 },
  "4201": { message: "bad request", http: 406 },
  "4202": { message: "refund failed", http: 406 },
  "4203": { message: "cancel failed", http: 406 },
  "4204": { message: "deletion failed", http: 406 },
  "4205": { message: "modification failed", http: 406 },
  "4206": { message: "vault failed", http: 406 },
  "4208": { message: "Transaction Ineligible for Partial Refund", http: 406 },
  "5100": { message: "internal server error", http: 500 },
};

/** A failure the handlers throw; the server turns it into the fail envelope. */
export class UpiFailure extends Error {
  constructor(
    readonly code: keyof typeof ERRORS | string,
    readonly detail?: string,
  ) {
    super(detail ?? ERRORS[code]?.message ?? "error");
  }
  get http(): number {
    return ERRORS[this.code]?.http ?? 500;
  }
  /**
   * As recorded, the message is the code's own words ("refund failed"); why, in this
   * sandbox's words, is an extension.
   */
  body(extensions = false) {
    const base = ERRORS[this.code]?.message ?? "error";
    const message = extensions && this.detail ? `${base}: ${this.detail}` : base;
    return { status: "fail", data: { code: this.code, message }, app: APP, version: VERSION };
  }
}

export function success(data: unknown, version = VERSION) {
  return { status: "success", data, app: APP, version };
}

/** Customs and legacy payment errors (B1–B6, ZZ); answered with HTTP 200 and result=fail. */
export const CUSTOMS_ERRORS: Record<string, string> = {
  ZZ: "UNKNOWN_ALL",
  B1: "INVALID_TOKEN",
  B2: "INVALID_REFERENCE",
  B3: "INVALID_PARAMETER",
  B4: "INVALID_PAYMENT_TYPE",
  B6: "INVALID_VENDOR",
};

export class CustomsFailure extends Error {
  constructor(
    readonly code: keyof typeof CUSTOMS_ERRORS,
    message: string,
  ) {
    super(message);
  }
  body() {
    return { result: "fail", code: this.code, error: CUSTOMS_ERRORS[this.code], error_detail: this.message };
  }
}
