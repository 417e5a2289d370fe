import en from "@/lib/platform/i18n/messages/en/customs.json";
import { UpstreamError, type UpstreamKind } from "@/lib/platform/errors";
import { type CustomsErrorCode, NAMES } from "@/lib/customs/codes";

// The service's codes (lib/customs/codes.ts).

export const CUSTOMS_ERRORS: Record<string, { name: string; explanation: string; action: string }> = Object.fromEntries(
  (Object.keys(NAMES) as CustomsErrorCode[]).map((code) => [code, { name: NAMES[code], ...en.errors[code] }]),
);

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
