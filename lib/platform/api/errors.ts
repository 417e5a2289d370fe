import { json } from "@/lib/platform/api/responses";

// One error contract: every API failure is `{ error: { code, message } }` with the status below.
export const ERROR_STATUS = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  unprocessable_entity: 422,
  rate_limited: 429,
  internal_server_error: 500,
  upstream_error: 502,
  upstream_unavailable: 503,
  upstream_timeout: 504,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
    readonly key?: string,
  ) {
    super(message);
    this.name = "ApiError";
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export function errorBody(code: ErrorCode, message: string, details?: Record<string, unknown>) {
  return { error: { code, message, ...(details ? { details } : {}) } };
}

export function errorResponse(error: ApiError): Response {
  return json(errorBody(error.code, error.message, error.details), error.status);
}
