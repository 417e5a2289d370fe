import "server-only";
import { Agent, request } from "undici";
import { guardedConnector } from "@/lib/platform/http/ssrf";
import type { z } from "zod";
import { envelopeSchema, failureDataSchema } from "./schemas";
import { SETTLED_REFUSALS } from "./codes";
import { LOCAL_CODES, outcomeUnknown, UpiError } from "./errors";
import { timeUpstream, type UpstreamOutcome } from "@/lib/platform/metrics/registry";
import { currentRequestId, REQUEST_ID_HEADER } from "@/lib/platform/request-context";

export type UpiHttpConfig = { baseUrl: string; timeoutMs: number };

// undici, not Next's wrapped fetch, whose data-cache wrapper costs more than the sandbox's whole
// answer (docs/benchmarks.md, issue 4); its connector is the outbound guard (lib/platform/http/ssrf.ts).
const dispatcher = new Agent({ keepAliveTimeout: 30_000, connections: 64, connect: guardedConnector() });

type Call<S extends z.ZodType> = {
  /** The spec's operation, for metrics (a fixed name, never an id). */
  operation: string;
  method: "GET" | "POST" | "DELETE";
  path: string;
  token: string;
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  /** Charge, confirm, capture, refund, cancel, vault add: an unclear answer means "outcome unknown". */
  moneyMoving: boolean;
  schema: S;
};

/** A failed call's outcome for metrics: a time-out apart, whatever the outcome it leaves. */
export const upiOutcome = (error: unknown): UpstreamOutcome =>
  error instanceof UpiError ? (error.code === LOCAL_CODES.timeout ? "timeout" : error.outcome) : "failed";

/**
 * One request to the Unified Payment API: the envelope unwrapped, the data parsed, and
 * every failure turned into an UpiError that says whether the outcome is known.
 * Never retries. Sends the API request's id (X-Request-Id) when made while serving one.
 */
export function upiRequest<S extends z.ZodType>(config: UpiHttpConfig, call: Call<S>): Promise<z.output<S>> {
  return timeUpstream("upi", call.operation, upiOutcome, () => send(config, call));
}

async function send<S extends z.ZodType>(config: UpiHttpConfig, call: Call<S>): Promise<z.output<S>> {
  const url = new URL(config.baseUrl.replace(/\/+$/, "") + call.path);
  for (const [k, v] of Object.entries(call.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
  const unclear = (code: string, message: string, http: number | null = null) =>
    call.moneyMoving ? outcomeUnknown(code, message, http) : new UpiError(code, http, message, "failed");

  const signal = AbortSignal.timeout(config.timeoutMs);
  let status: number;
  let json: unknown;
  let jsonOk = true;
  const requestId = currentRequestId();
  try {
    const res = await request(url, {
      method: call.method,
      dispatcher,
      signal,
      headers: {
        Authorization: `Bearer ${call.token}`,
        Accept: "application/json",
        ...(call.body !== undefined ? { "Content-Type": "application/json" } : {}),
        ...(requestId ? { [REQUEST_ID_HEADER]: requestId } : {}),
      },
      body:
        call.body !== undefined
          ? JSON.stringify({ version: "v1.0.0", app: "service-upi", ...(call.body as object) })
          : undefined,
    });
    status = res.statusCode;
    const text = await res.body.text();
    try {
      json = JSON.parse(text);
    } catch {
      jsonOk = false;
    }
  } catch {
    const timedOut = signal.aborted;
    throw unclear(
      timedOut ? LOCAL_CODES.timeout : LOCAL_CODES.network,
      timedOut ? `no answer within ${config.timeoutMs / 1000} s` : "connection failed",
    );
  }
  const res = { status, ok: status >= 200 && status < 300 };

  if (!jsonOk) {
    // A bare answer without the envelope settles nothing the spec defines (a proxy's page): on a
    // money-moving call it may have moved money, except a 401, the spec's refused token.
    throw res.status === 401
      ? new UpiError(LOCAL_CODES.badResponse, res.status, `HTTP ${res.status} without a JSON body`, "failed")
      : unclear(LOCAL_CODES.badResponse, `HTTP ${res.status} without a JSON body`, res.status);
  }
  const envelope = envelopeSchema.safeParse(json);
  if (!envelope.success)
    throw unclear(LOCAL_CODES.badResponse, `HTTP ${res.status} without the status/data envelope`, res.status);

  if (envelope.data.status === "fail" || !res.ok) {
    const failure = failureDataSchema.safeParse(envelope.data.data);
    const code = failure.success ? failure.data.code : String(res.status);
    const message = failure.success ? failure.data.message : "";
    // Only a refusal the spec settles, answered as a refusal, means nothing was done: a 5xx,
    // a 508 gateway error (4105–4107) or a code the spec does not settle may have moved money.
    const settled = SETTLED_REFUSALS.has(code) && res.status < 500;
    if (call.moneyMoving && !settled) throw outcomeUnknown(code, message || `HTTP ${res.status}`, res.status);
    throw new UpiError(code, res.status, message, "failed");
  }

  const data = call.schema.safeParse(envelope.data.data);
  if (!data.success) {
    const issue = data.error.issues[0];
    throw unclear(
      LOCAL_CODES.badResponse,
      `unexpected response: ${issue?.path.join(".") || "data"} ${issue?.message ?? ""}`.trim(),
      res.status,
    );
  }
  return data.data;
}
