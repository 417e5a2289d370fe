import { ApiError, type ErrorCode } from "@/lib/platform/api/errors";
import {
  Conflict,
  DomainError,
  Forbidden,
  Invalid,
  Malformed,
  NotFound,
  OutcomeUnknown,
  RateLimited,
  TooLarge,
  Unauthenticated,
  UpstreamError,
  type UpstreamKind,
} from "@/lib/platform/errors";
import { BodyTooLarge } from "@/lib/platform/http/body";
import { UnstorableText } from "@/lib/platform/http/storable";
import { log } from "@/lib/platform/log";

const DOMAIN_CODES: [new (...args: never[]) => DomainError, ErrorCode][] = [
  [NotFound, "not_found"],
  [Conflict, "conflict"],
  [Invalid, "unprocessable_entity"],
  [Malformed, "bad_request"],
  [Forbidden, "forbidden"],
  [Unauthenticated, "unauthorized"],
  [RateLimited, "rate_limited"],
  [TooLarge, "payload_too_large"],
  [OutcomeUnknown, "upstream_timeout"],
];

const UPSTREAM_CODES: Record<UpstreamKind, ErrorCode> = {
  not_found: "not_found",
  error: "upstream_error",
  unavailable: "upstream_unavailable",
  timeout: "upstream_timeout",
  refused: "unprocessable_entity",
};

export function upstreamToApiError(error: unknown): ApiError | null {
  if (!(error instanceof UpstreamError)) return null;
  const { kind, message, details } = error.answer();
  return new ApiError(UPSTREAM_CODES[kind], message, details);
}

/** The API error a domain error is; null for any other error. */
export function domainToApiError(error: unknown): ApiError | null {
  if (!(error instanceof DomainError)) return null;
  const code = DOMAIN_CODES.find(([kind]) => error instanceof kind)?.[1];
  if (!code) return null; // Invariant: a bug, answered as one
  const details = {
    ...(error.details ?? {}),
    ...(error.rule ? { rule: error.rule } : {}),
    ...(error instanceof OutcomeUnknown ? { outcome: "unknown" } : {}),
  };
  return new ApiError(code, error.message, Object.keys(details).length ? details : undefined);
}

/** The API error any throw is, in the contract. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const domain = domainToApiError(error);
  if (domain) return domain;
  if (error instanceof BodyTooLarge) return new ApiError("payload_too_large", error.message, { limit: error.limit });
  if (error instanceof UnstorableText)
    return new ApiError("unprocessable_entity", error.message, {
      fields: [{ path: error.path, message: error.problem }],
    });
  const upstream = upstreamToApiError(error);
  if (upstream) return upstream;
  log.error({ err: error }, "unhandled API error");
  return new ApiError("internal_server_error", "Something went wrong on our side. It has been logged.");
}
