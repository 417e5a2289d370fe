import { ApiError, type ErrorCode } from "@/lib/platform/api/errors";
import { UpiError } from "@/lib/upi/errors";
import { CustomsError } from "@/lib/customs/errors";

// How an upstream failure reaches the console's own API: a status that fits, the
// service's code, and a message that says what happened and what to do.
const UPI_STATUS: Record<string, ErrorCode> = {
  "4103": "not_found",
  "4010": "upstream_error",
  "4102": "upstream_error",
  not_configured: "upstream_unavailable",
  not_verified: "upstream_unavailable",
  "4105": "upstream_unavailable",
  "4106": "upstream_unavailable",
  "4107": "upstream_unavailable",
  timeout: "upstream_timeout",
  network: "upstream_unavailable",
  "4101": "upstream_error",
  "5100": "upstream_error",
  bad_response: "upstream_error",
};

export function upstreamToApiError(error: unknown): ApiError | null {
  if (error instanceof UpiError) {
    const code = UPI_STATUS[error.code] ?? "unprocessable_entity";
    return new ApiError(code, error.sentence, {
      service: "payment",
      upstreamCode: error.code,
      upstreamMessage: error.upstreamMessage,
      outcome: error.outcome,
    });
  }
  if (error instanceof CustomsError) {
    const code: ErrorCode =
      error.code === "timeout"
        ? "upstream_timeout"
        : ["network", "not_configured"].includes(error.code)
          ? "upstream_unavailable"
          : ["ZZ", "B1", "bad_response"].includes(error.code)
            ? "upstream_error"
            : "unprocessable_entity";
    return new ApiError(code, `${error.explanation}${error.detail ? ` (${error.detail})` : ""} ${error.action}`, {
      service: "customs",
      upstreamCode: error.code,
      outcome: error.outcome,
    });
  }
  return null;
}
