import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll } from "vitest";
import { startSandbox, type Sandbox } from "../server";

export const PRIVATE_KEY = "sk_sandbox_default_private_key";
export const CUSTOMS_TOKEN = "ct_sandbox_default";
export const WEBHOOK_SECRET = "whsec_sandbox_default";

// biome-ignore lint/suspicious/noExplicitAny: the conformance tests read answers of every shape the specs allow.
export type Call = { status: number; body: any };

/** Starts a sandbox with its own data directory for one test file (spec-only unless `extensions`). */
export function useSandbox(options: { extensions?: boolean } = {}) {
  const box = {} as { sandbox: Sandbox; dir: string; token: string };
  beforeAll(async () => {
    box.dir = mkdtempSync(join(tmpdir(), "sandbox-"));
    box.sandbox = await startSandbox({ dataDir: box.dir, extensions: options.extensions ?? false });
    box.token = (
      await api(box.sandbox, "POST", "/v1/access-tokens", { auth: PRIVATE_KEY, json: { token_type: "server" } })
    ).body.data.access_token;
  });
  afterAll(async () => {
    await box.sandbox.close();
    rmSync(box.dir, { recursive: true, force: true });
  });
  return box;
}

export async function api(
  sandbox: Sandbox,
  method: string,
  path: string,
  opts: {
    auth?: string;
    json?: unknown;
    form?: Record<string, string>;
    headers?: Record<string, string>;
    timeoutMs?: number;
  } = {},
): Promise<Call> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.auth) headers.Authorization = `Bearer ${opts.auth}`;
  let body: string | undefined;
  if (opts.json !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(opts.json);
  } else if (opts.form) {
    headers["Content-Type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(opts.form).toString();
  }
  const res = await fetch(sandbox.url + path, {
    method,
    headers,
    body,
    signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* html or text */
  }
  return { status: res.status, body: parsed };
}

let seq = 0;
export const ref = (label: string) => `${label}-${Date.now()}-${++seq}`;

export const CARD = { pan: "4111111111111111", expiry: "12/30", cvv: "123", first_name: "Ana", last_name: "Lee" };

export function chargeBody(
  overrides: {
    reference?: string;
    amount?: number;
    currency?: string;
    method?: string | null;
    auto_capture?: boolean;
    ipn?: string;
    payment?: Record<string, unknown>;
  } = {},
) {
  const method = overrides.method === undefined ? "card" : overrides.method;
  return {
    transaction: {
      reference: overrides.reference ?? ref("order"),
      amount: overrides.amount ?? 10_000,
      currency: overrides.currency ?? "USD",
      country: "US",
      auto_capture: overrides.auto_capture ?? false,
    },
    payment: { ...(method ? { method } : {}), ...(method === "card" ? { data: CARD } : {}), ...overrides.payment },
    ...(overrides.ipn ? { urls: { ipn: overrides.ipn } } : {}),
  };
}

/** A local receiver for webhook deliveries; answers with the next queued status (default 200). */
export async function webhookReceiver() {
  const received: { headers: IncomingMessage["headers"]; raw: string }[] = [];
  const statuses: number[] = [];
  const server = createServer(async (req, res) => {
    let raw = "";
    for await (const chunk of req) raw += chunk;
    const status = statuses.shift() ?? 200;
    if (status < 300) received.push({ headers: req.headers, raw });
    res.writeHead(status).end();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/ipn`,
    received,
    failNext: (...codes: number[]) => statuses.push(...codes),
    json: () =>
      received.map((r) =>
        r.headers["content-type"]?.includes("form")
          ? Object.fromEntries(new URLSearchParams(r.raw))
          : (JSON.parse(r.raw) as Record<string, string | number>),
      ),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

export async function eventually<T>(fn: () => T | Promise<T>, check: (v: T) => boolean, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (check(v)) return v;
    if (Date.now() > deadline) throw new Error(`condition not met in ${timeoutMs} ms: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
