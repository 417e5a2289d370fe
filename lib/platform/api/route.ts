import "server-only";
import type { NextRequest } from "next/server";
import type { z } from "zod";
import type { RouteWords } from "@/lib/platform/api/openapi/route-doc";
import { ApiError, errorResponse } from "@/lib/platform/api/errors";
import { toApiError } from "@/lib/platform/api/to-api-error";
import { isStateChanging, originAllowed, originRefused } from "@/lib/platform/api/origin";
import { getCurrentUser, pendingAccountStep, steppedUp, type CurrentUser } from "@/lib/platform/auth/session";
import { can, type Permission } from "@/lib/platform/auth/permissions";
import type { Actor, StaffUser } from "@/lib/platform/auth/actor";
import { audit } from "@/lib/platform/audit/log";
import { joinProblems, localizeError, requestPreferences } from "@/lib/platform/api/localize";
import { CATALOG_ISSUES } from "@/lib/platform/i18n/zod-issues";
import { BODY_LIMITS, readCapped } from "@/lib/platform/http/body";
import { assertStorable } from "@/lib/platform/http/storable";
import { requestIp } from "@/lib/platform/http/client-ip";
import { json } from "@/lib/platform/api/responses";
import { log } from "@/lib/platform/log";
import { metrics } from "@/lib/platform/metrics/registry";
import { routePattern } from "@/lib/platform/metrics/route-pattern";
import { REQUEST_ID_HEADER, requestIdFrom, runInRequest, type RequestContext } from "@/lib/platform/request-context";

type Schema = z.ZodType;
type Out<S> = S extends Schema ? z.output<S> : undefined;

type Options<P, Q, B> = {
  permission: Permission | "signed-in" | "public";
  params?: P;
  query?: Q;
  body?: B;
  action?: string;
  incomplete?: boolean;
  /** Needs a fresh second-factor code in this session; a function decides from the parsed input. */
  stepUp?: boolean | ((input: { params: Out<P>; query: Out<Q>; body: Out<B> }) => boolean | Promise<boolean>);
  probe?: boolean;
  response?: Schema;
  doc?: RouteWords;
};

type Context<P, Q, B, Auth extends StaffUser | null> = {
  req: NextRequest;
  actor: Actor<Auth>;
  params: Out<P>;
  query: Out<Q>;
  body: Out<B>;
};

type RouteContext = { params: Promise<Record<string, string | string[]>> };

/** One problem of a request, at its field: what a form shows under that input. */
export type FieldProblem = { path: (string | number)[]; message: string };

/** Every problem zod found, each at its field (`details.fields`), and a summary a person can read. */
export function validationError(error: z.ZodError, code: "bad_request" | "unprocessable_entity"): ApiError {
  const fields: FieldProblem[] = error.issues.map((issue) => ({
    path: issue.path.map((part) => (typeof part === "symbol" ? String(part) : part)),
    message: issue.message,
  }));
  return new ApiError(code, joinProblems(fields.map((f) => f.message)), { fields });
}

/** The one wrapper every route handler goes through: Origin, session, permission, zod, step-up, one error shape. */
export function route<
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
  O extends Options<P, Q, B> = Options<P, Q, B>,
>(
  options: O & Options<P, Q, B>,
  handler: (ctx: Context<P, Q, B, O["permission"] extends "public" ? null : CurrentUser>) => Promise<unknown>,
) {
  const answer = async (req: NextRequest, context: RouteContext, request: RequestContext): Promise<Response> => {
    let user: CurrentUser | null = null;
    try {
      if (options.permission !== "public" && isStateChanging(req.method) && !originAllowed(req.headers)) {
        throw originRefused();
      }
      user = options.permission === "public" ? null : await getCurrentUser(req.cookies);
      const actor: Actor<CurrentUser | null> = {
        user,
        ip: requestIp(req.headers),
        userAgent: req.headers.get("user-agent"),
        requestId: request.requestId,
      };
      let refuse: Refuse | null = null;
      if (options.permission !== "public") {
        if (!user)
          throw new ApiError(
            "unauthorized",
            "Sign in to continue. Your session may have ended.",
            undefined,
            "errors.api.signIn",
          );
        request.userId = user.id;
        const step = options.incomplete ? null : pendingAccountStep(user);
        if (step) {
          throw new ApiError(
            "forbidden",
            step === "password"
              ? "Choose a new password first (Account → Password)."
              : "Turn on two-step sign-in first (Account → Security).",
            { required: step === "password" ? "password_change" : "mfa_enrollment" },
            step === "password" ? "errors.api.passwordFirst" : "errors.api.mfaFirst",
          );
        }
        refuse = async (reason, message, details, key) => {
          await audit({
            actor,
            action: options.action ?? `${req.method} ${req.nextUrl.pathname}`,
            result: "denied",
            reason,
          });
          return new ApiError("forbidden", message, details, key);
        };
        if (options.permission !== "signed-in" && !can(user, options.permission)) {
          throw await refuse(
            `missing permission ${options.permission}`,
            "Your role does not allow this.",
            undefined,
            "errors.api.roleForbids",
          );
        }
        if (options.stepUp === true && !steppedUp(user)) throw await refuseStepUp(refuse);
      }
      // Text the database cannot store is refused before any schema sees it (lib/platform/http/storable.ts).
      const rawParams = await context.params;
      assertStorable(rawParams);
      for (const [name, value] of req.nextUrl.searchParams) assertStorable({ [name]: value });
      const rawQuery = Object.fromEntries(req.nextUrl.searchParams);
      const params = options.params ? parse(options.params, rawParams, "bad_request") : undefined;
      const query = options.query ? parse(options.query, rawQuery, "unprocessable_entity") : undefined;
      const body = options.body ? parse(options.body, await readJson(req), "unprocessable_entity") : undefined;
      if (
        typeof options.stepUp === "function" &&
        user &&
        refuse &&
        !steppedUp(user) &&
        (await options.stepUp({ params, query, body } as never))
      ) {
        throw await refuseStepUp(refuse);
      }
      const result = await handler({ req, actor, params, query, body } as never);
      if (result instanceof Response) return result;
      return json(result ?? { ok: true });
    } catch (error) {
      return toErrorResponse(error, { headers: req.headers, user });
    }
  };
  const handle = (req: NextRequest, context: RouteContext): Promise<Response> => {
    const request: RequestContext = { requestId: requestIdFrom(req.headers) };
    return runInRequest(request, async () => {
      const started = performance.now();
      const response = withHeader(await answer(req, context, request), REQUEST_ID_HEADER, request.requestId);
      const seconds = (performance.now() - started) / 1000;
      const pattern = routePattern(req.nextUrl.pathname);
      metrics().httpDuration.observe({ method: req.method, route: pattern, status: String(response.status) }, seconds);
      log[options.probe ? "debug" : "info"](
        { method: req.method, route: pattern, status: response.status, durationMs: Math.round(seconds * 1e4) / 10 },
        "request",
      );
      return response;
    });
  };
  const spec: RouteSpec = {
    permission: options.permission,
    params: options.params,
    query: options.query,
    body: options.body,
    stepUp: options.stepUp === true ? "always" : options.stepUp ? "sometimes" : "never",
    incomplete: options.incomplete ?? false,
    response: options.response,
    doc: options.doc,
  };
  return Object.assign(handle, { spec });
}

/** A route's declaration as the API reference reads it. */
export type RouteSpec = {
  permission: Permission | "signed-in" | "public";
  params?: Schema;
  query?: Schema;
  body?: Schema;
  stepUp: "always" | "sometimes" | "never";
  incomplete: boolean;
  response?: Schema;
  doc?: RouteWords;
};

function withHeader(response: Response, name: string, value: string): Response {
  try {
    response.headers.set(name, value);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    copy.headers.set(name, value);
    return copy;
  }
}

type Refuse = (reason: string, message: string, details?: Record<string, unknown>, key?: string) => Promise<ApiError>;

const refuseStepUp = (refuse: Refuse) =>
  refuse(
    "fresh authentication code required",
    "Confirm it is you: enter a fresh code from your authenticator app.",
    {
      required: "step_up",
    },
    "errors.api.stepUp",
  );

type Reader = { headers: Headers; user: CurrentUser | null };

function parse<S extends Schema>(schema: S, input: unknown, code: "bad_request" | "unprocessable_entity") {
  const parsed = schema.safeParse(input, CATALOG_ISSUES);
  if (parsed.success) return parsed.data;
  throw validationError(parsed.error, code);
}

async function readJson(req: NextRequest): Promise<unknown> {
  const text = await readCapped(req.body, BODY_LIMITS.json, req.headers.get("content-length"));
  if (!text) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ApiError("bad_request", "The request body is not valid JSON.", undefined, "errors.api.invalidJson");
  }
  assertStorable(parsed);
  return parsed;
}

export { domainToApiError, toApiError } from "@/lib/platform/api/to-api-error";

/** The error response, its message in the reader's language (lib/platform/api/localize.ts) when the reader is known. */
export async function toErrorResponse(error: unknown, reader?: Reader): Promise<Response> {
  const apiError = toApiError(error);
  if (!reader) return errorResponse(apiError);
  try {
    return errorResponse(localizeError(apiError, await requestPreferences(reader.headers, reader.user)));
  } catch (cause) {
    log.warn({ err: cause }, "error message not translated");
    return errorResponse(apiError);
  }
}
