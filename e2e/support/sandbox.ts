// Direct calls to the sandbox npm test started, for setting up what a test needs.
import { serverToken } from "../../sandbox/dev-client";

export const SANDBOX_URL = process.env.UPI_BASE_URL ?? "http://127.0.0.1:4010";
let token: string | null = null;

async function cachedToken() {
  token ??= await serverToken(SANDBOX_URL);
  return token;
}

export async function sandboxCall(method: string, path: string, body?: unknown) {
  const res = await fetch(`${SANDBOX_URL}${path}`, {
    method,
    headers: { Authorization: `Bearer ${await cachedToken()}`, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()).data;
}

export function sandboxCharge(o: {
  reference: string;
  amount: number;
  currency: string;
  method?: string;
  autoCapture?: boolean;
  country?: string;
}) {
  const method = o.method ?? "card";
  return sandboxCall("POST", "/v1/charges", {
    transaction: {
      reference: o.reference,
      amount: o.amount,
      currency: o.currency,
      country: o.country ?? "US",
      auto_capture: o.autoCapture ?? false,
    },
    payment: {
      method,
      ...(method === "card" ? { data: { pan: "4111111111111111", expiry: "12/30", cvv: "123" } } : {}),
    },
  }) as Promise<{ id: string; reference: string }>;
}

/** The sandbox's control API: fault switches, completing a redirect payment. Never faulted. */
export async function sandboxControl(method: string, path: string, body?: unknown) {
  const res = await fetch(`${SANDBOX_URL}${path}`, {
    method,
    headers: { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.json().catch(() => null);
}

/** The API requests the sandbox heard under a path prefix, oldest first (card number masked, no cvv). */
export async function sandboxRequests(pathPrefix: string) {
  return (await sandboxControl("GET", `/__sandbox/requests?path=${encodeURIComponent(pathPrefix)}`)) as {
    method: string;
    path: string;
    at: number;
    body: Record<string, unknown>;
    query: Record<string, string>;
  }[];
}

/** How many refunds the sandbox holds for a charge: the ground truth for "exactly once". */
export async function sandboxRefundCount(chargeId: string) {
  const refunds = (await sandboxCall("GET", `/v1/transactions/${chargeId}`)).refunds as
    | unknown[]
    | { data?: unknown[] };
  return (Array.isArray(refunds) ? refunds : (refunds.data ?? [])).length;
}
