import "server-only";
import type { z } from "zod";
import { CustomsError } from "./errors";
import { timeUpstream, type UpstreamOutcome } from "@/lib/platform/metrics/registry";
import { currentRequestId, REQUEST_ID_HEADER } from "@/lib/platform/request-context";
import {
  chopInquiryResponseSchema,
  chopRequestSchema,
  declarationInquirySchema,
  declarationStatusSchema,
  declareRequestSchema,
  declareResponseSchema,
  paymentInquiryResponseSchema,
  payRequestSchema,
  payResponseSchema,
} from "./schemas";

export type CustomsConfig = {
  baseUrl: string;
  token: string;
  timeoutMs: number;
  declarationInquiryPath: string;
  fetch?: typeof fetch;
};

function form(params: Record<string, unknown>): string {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null) body.set(k, String(v));
  return body.toString();
}

/** A failed call's outcome for metrics: a time-out apart, whatever the outcome it leaves. */
export const customsOutcome = (error: unknown): UpstreamOutcome =>
  error instanceof CustomsError ? (error.code === "timeout" ? "timeout" : error.outcome) : "failed";

function post<S extends z.ZodType>(
  config: CustomsConfig,
  operation: string,
  path: string,
  params: Record<string, unknown>,
  schema: S,
  submits: boolean,
): Promise<z.output<S>> {
  return timeUpstream("customs", operation, customsOutcome, () => send(config, path, params, schema, submits));
}

async function send<S extends z.ZodType>(
  config: CustomsConfig,
  path: string,
  params: Record<string, unknown>,
  schema: S,
  submits: boolean,
): Promise<z.output<S>> {
  let res: Response;
  const requestId = currentRequestId();
  try {
    res = await (config.fetch ?? fetch)(config.baseUrl.replace(/\/+$/, "") + path, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${config.token}`,
        "Content-Type": "application/x-www-form-urlencoded",
        Accept: "application/json",
        ...(requestId ? { [REQUEST_ID_HEADER]: requestId } : {}),
      },
      body: form(params),
      signal: AbortSignal.timeout(config.timeoutMs),
      cache: "no-store",
    });
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    throw new CustomsError(
      timedOut ? "timeout" : "network",
      timedOut ? `no answer within ${config.timeoutMs / 1000} s` : "connection failed",
      submits ? "unknown" : "failed",
    );
  }
  // A submitting call is unknown unless the answer is a clear verdict (5xx, not JSON, ZZ, a codeless failure).
  const json = (await res.json().catch(() => null)) as {
    result?: string;
    code?: string;
    error_detail?: string;
    error?: string;
  } | null;
  if (!json || typeof json !== "object")
    throw new CustomsError("bad_response", `HTTP ${res.status} without JSON`, submits ? "unknown" : "failed");
  if (json.result === "fail" || !res.ok) {
    const code = typeof json.code === "string" && json.code ? json.code : "ZZ";
    const unclear = res.status >= 500 || code === "ZZ";
    throw new CustomsError(
      code,
      json.error_detail ?? json.error ?? `HTTP ${res.status}`,
      submits && unclear ? "unknown" : "failed",
    );
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success)
    throw new CustomsError(
      "bad_response",
      parsed.error.issues[0]?.message ?? "unexpected response",
      submits ? "unknown" : "failed",
    );
  return parsed.data;
}

function checked<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success)
    throw new CustomsError(
      "B3",
      `request rejected before sending: ${parsed.error.issues[0]?.path.join(".")} ${parsed.error.issues[0]?.message}`,
    );
  return parsed.data;
}

export function createCustomsClient(config: CustomsConfig) {
  return {
    declare: async (input: z.input<typeof declareRequestSchema>) =>
      post(
        config,
        "declare",
        "/chinacustoms/declare",
        checked(declareRequestSchema, input),
        declareResponseSchema,
        true,
      ),
    inquireDeclaration: async (input: z.input<typeof declarationInquirySchema>) =>
      post(
        config,
        "declaration_inquire",
        config.declarationInquiryPath,
        checked(declarationInquirySchema, input),
        declarationStatusSchema,
        false,
      ),
    paymentInquire: async (transactionId: string, amountCny = true) =>
      post(
        config,
        "payment_inquire",
        "/payment/inquire",
        { transaction_id: transactionId, inquire_method: "real", amount_CNY: amountCny ? "yes" : undefined },
        paymentInquiryResponseSchema,
        false,
      ),
    chopInquire: async (q: string, amountCny = true) =>
      post(
        config,
        "chop_inquire",
        "/chop/inquire",
        { q, inquire_method: "real", amount_CNY: amountCny ? "yes" : undefined },
        chopInquiryResponseSchema,
        false,
      ),
    pay: async (input: z.input<typeof payRequestSchema>) =>
      post(config, "pay", "/payment/pay", checked(payRequestSchema, input), payResponseSchema, true),
    payQr: async (input: z.input<typeof payRequestSchema>) =>
      post(config, "pay_qr", "/payment/pay_qr", checked(payRequestSchema, input), payResponseSchema, true),
    chop: async (input: z.input<typeof chopRequestSchema>) =>
      post(config, "chop", "/chop/chop", checked(chopRequestSchema, input), payResponseSchema, true),
  };
}
export type CustomsClient = ReturnType<typeof createCustomsClient>;
