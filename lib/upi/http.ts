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

// undici, not Next's fetch (whose data cache costs more than the answer); its connector is the SSRF guard.
const dispatcher = new Agent({ keepAliveTimeout: 30_000, connections: 64, connect: guardedConnector() });

type Call<S extends z.ZodType> = {
  operation: string;
  method: "GET" | "POST" | "DELETE";
  path: string;
  token: string;
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  moneyMoving: boolean;
  schema: S;
};

/** A failed call's outcome for metrics: a time-out apart, whatever the outcome it leaves. */
export const upiOutcome = (error: unknown): UpstreamOutcome =>
  error instanceof UpiError ? (error.code === LOCAL_CODES.timeout ? "timeout" : error.outcome) : "failed";

/** One request to the Unified Payment API. */
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
