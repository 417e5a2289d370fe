import { ApiError, type ErrorCode } from "@/lib/platform/api/errors";
import { UpstreamError, type UpstreamKind } from "@/lib/platform/errors";

// How an upstream failure reaches the console's own API: a status that fits its kind, the
// service's code, and a message that says what happened and what to do (each service's error
// class says which kind and which words: lib/upi/errors.ts, lib/customs/errors.ts).
const STATUS: Record<UpstreamKind, ErrorCode> = {
  not_found: "not_found",
  error: "upstream_error",
  unavailable: "upstream_unavailable",
  timeout: "upstream_timeout",
  refused: "unprocessable_entity",
};

export function upstreamToApiError(error: unknown): ApiError | null {
  if (!(error instanceof UpstreamError)) return null;
  const { kind, message, details } = error.answer();
  return new ApiError(STATUS[kind], message, details);
}
