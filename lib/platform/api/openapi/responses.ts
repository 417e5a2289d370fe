import type { z } from "zod";
import { ERROR_STATUS, type ErrorCode } from "@/lib/platform/api/errors";
import { jsonSchema } from "@/lib/platform/api/openapi/schema";
import type { RouteSpec } from "@/lib/platform/api/route";

const ERROR_CONTENT = { "application/json": { schema: { $ref: "#/components/schemas/Error" } } };

export const ERROR_ANSWER = { description: "The error contract", content: ERROR_CONTENT };

const SAYS: Record<ErrorCode, string> = {
  bad_request: "A path parameter or the body is malformed",
  unauthorized: "No session, or it has ended",
  forbidden: "The role does not allow this, a step is pending, or a fresh second factor is needed",
  not_found: "No such thing",
  method_not_allowed: "The path does not answer this method",
  conflict: "The thing's state does not allow this now",
  payload_too_large: "The body is too large",
  unprocessable_entity: "The query or body breaks its schema (each problem at its field), or holds a NUL",
  rate_limited: "Too many requests; try again after `Retry-After`",
  internal_server_error: "The console failed; nothing is assumed done",
  upstream_error: "The payment service or Customs refused or failed; a money action's outcome may be unknown",
  upstream_unavailable:
    "A service the console needs (the payment service, Customs, its database) cannot be reached now; try again",
  upstream_timeout: "The payment service or Customs did not answer in time; the outcome is unknown",
};

export function errorAnswers() {
  return Object.fromEntries(
    (Object.keys(SAYS) as ErrorCode[]).map((code) => [code, { description: SAYS[code], content: ERROR_CONTENT }]),
  );
}

/** The error answers a route may give, each a reference to the contract's, then the contract itself as the default. */
export function errorResponses(spec: RouteSpec | undefined, named: ErrorCode[] = []) {
  const codes = new Set<ErrorCode>(named);
  if (spec) for (const code of errorsOf(spec)) codes.add(code);
  const sorted = [...codes].sort((a, b) => ERROR_STATUS[a] - ERROR_STATUS[b]);
  return {
    ...Object.fromEntries(
      sorted.map((code) => [String(ERROR_STATUS[code]), { $ref: `#/components/responses/${code}` }]),
    ),
    default: ERROR_ANSWER,
  };
}

function errorsOf(spec: RouteSpec) {
  const codes = new Set<ErrorCode>(["unprocessable_entity", ...(spec.doc?.errors ?? [])]);
  if (spec.permission !== "public") codes.add("unauthorized");
  if (spec.permission !== "public" && (spec.permission !== "signed-in" || !spec.incomplete || spec.stepUp !== "never"))
    codes.add("forbidden");
  if (spec.params) for (const code of ["bad_request", "not_found"] as const) codes.add(code);
  if (spec.body) for (const code of ["bad_request", "payload_too_large"] as const) codes.add(code);
  return codes;
}

export const responseSchema = (schema: z.ZodType) => jsonSchema(schema, "output");

const answer = (description: string, schema: z.ZodType) => ({
  description,
  content: { "application/json": { schema: responseSchema(schema) } },
});

export const successResponses = (schema: z.ZodType, description: string, status = 200, pending?: z.ZodType) => ({
  [String(status)]: answer(description, schema),
  ...(pending ? { "202": answer("Waiting for a second admin", pending) } : {}),
});
