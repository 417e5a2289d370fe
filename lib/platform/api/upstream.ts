import { ApiError, type ErrorCode } from "@/lib/platform/api/errors";
import { UpstreamError, type UpstreamKind } from "@/lib/platform/errors";

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
