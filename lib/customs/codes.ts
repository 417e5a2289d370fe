// The customs service's codes (spec: ZZ, B1–B4, B6) and the console's own, by name.
export const NAMES = {
  ZZ: "UNKNOWN_ALL",
  B1: "INVALID_TOKEN",
  B2: "INVALID_REFERENCE",
  B3: "INVALID_PARAMETER",
  B4: "INVALID_PAYMENT_TYPE",
  B6: "INVALID_VENDOR",
  timeout: "TIMEOUT",
  network: "UNREACHABLE",
  bad_response: "BAD_RESPONSE",
  not_configured: "NOT_CONFIGURED",
} as const;
export type CustomsErrorCode = keyof typeof NAMES;

export const isCustomsErrorCode = (code: string | null | undefined): code is CustomsErrorCode =>
  !!code && Object.hasOwn(NAMES, code);
