import en from "@/lib/platform/i18n/messages/en/customs.json";
import { UpstreamError, type UpstreamKind } from "@/lib/platform/errors";

// The service's codes (spec: ZZ, B1–B4, B6) and the console's own, each explained in the
// catalogs (`customs.errors.<code>` in every language, lib/customs/explain.ts); the English
// here is the catalog's, so the log, the audit and the API say what the page says in English.
const NAMES = {
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

export const CUSTOMS_ERRORS: Record<string, { name: string; explanation: string; action: string }> = Object.fromEntries(
  (Object.keys(NAMES) as CustomsErrorCode[]).map((code) => [code, { name: NAMES[code], ...en.errors[code] }]),
);

export const isCustomsErrorCode = (code: string | null | undefined): code is CustomsErrorCode =>
  !!code && Object.hasOwn(NAMES, code);

export class CustomsError extends UpstreamError {
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
    this.action = known?.action ?? en.errors.unknownAction;
  }

  answer() {
    const kind: UpstreamKind =
      this.code === "timeout"
        ? "timeout"
        : ["network", "not_configured"].includes(this.code)
          ? "unavailable"
          : ["ZZ", "B1", "bad_response"].includes(this.code)
            ? "error"
            : "refused";
    return {
      kind,
      message: `${this.explanation}${this.detail ? ` (${this.detail})` : ""} ${this.action}`,
      details: { service: "customs", upstreamCode: this.code, outcome: this.outcome },
    };
  }
}
