import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { overrideConfigForTests } from "@/lib/platform/config";
import { db, pool } from "@/lib/platform/db";
import { startSandbox, type Sandbox } from "@/sandbox/server";
import { serverToken } from "@/sandbox/dev-client";
import { signMd5, signSha256 } from "@/sandbox/webhooks";
import { SECRET_NAMES, writeSecret } from "@/lib/platform/secrets/store";
import { importTransaction } from "@/lib/ledger/service";
import { actorFor } from "@/lib/platform/auth/actor";
import { processNotification, receive } from "@/lib/webhooks/ingest";
import { webhookKeysChanged } from "@/lib/settings/webhook-keys";
import { staffOf } from "@/test/staff";

// What the unit tests of lib/webhooks share (not a test file itself): notifications signed
// the way the sandbox signs them, delivered the way the receiver route delivers them, against
// real PostgreSQL and a sandbox over HTTP started for each test file.

export type Values = Record<string, string | number>;

let sandbox: Sandbox;
let token: string;
/** What this test file's notifications are signed with; set by setUpWebhookSandbox. */
const keys = { secret: "", customsToken: "" };

let n = 0;
export const uid = () => `${Date.now()}${String(++n).padStart(6, "0")}`;
export const now = () => new Date().toISOString();
const actor = actorFor(staffOf({ id: randomUUID(), email: "fin@example.com", name: "Fin", role: "finance" as const }));

export type SignOptions = {
  /** sha256 (keyed with the webhook secret) unless told; md5 is keyed with the customs token. */
  scheme?: "sha256" | "md5";
  /** The signed keys: all of `values` unless told. */
  fields?: string[];
  /** Another key than this file's webhook secret (or customs token, for md5). */
  secret?: string;
  /** Keys added after signing, unsigned. */
  extra?: Record<string, string>;
  /** A sign to send instead of the right one. */
  sign?: string;
  /** An unsigned `pad` key of this many bytes, last. */
  pad?: number;
};

/** A notification's body: `values`, `fields`, `sign`, then any unsigned keys. */
export function signed(values: Values, opts: SignOptions = {}): Values {
  const fields = opts.fields ?? Object.keys(values);
  const body: Values = { ...values, fields: fields.join(",") };
  body.sign =
    opts.sign ??
    (opts.scheme === "md5"
      ? signMd5(body, fields, opts.secret ?? keys.customsToken)
      : signSha256(body, fields, opts.secret ?? keys.secret));
  return { ...body, ...opts.extra, ...(opts.pad ? { pad: "x".repeat(opts.pad) } : {}) };
}
/** The same as JSON text, as the service posts it. */
export const signedJson = (values: Values, opts: SignOptions = {}) => JSON.stringify(signed(values, opts));

export const FORM = "application/x-www-form-urlencoded";
/** What the receiver route does: store, then apply what is new. A string body is sent as it is. */
export async function deliver(body: Values | string, opts: { contentType?: string; ip?: string } = {}) {
  const contentType = opts.contentType ?? "application/json";
  const text =
    typeof body === "string"
      ? body
      : contentType === FORM
        ? new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString()
        : JSON.stringify(body);
  const r = await receive({ contentType, body: text, ip: opts.ip ?? "127.0.0.1" });
  if (r.status === 200 && !r.duplicate && r.verification !== "rejected") await processNotification(r.id);
  return r;
}
export const stored = (id: string) => db.webhookNotification.findUniqueOrThrow({ where: { id: BigInt(id) } });

/** The sandbox's UPI API, with this file's server token. */
export async function upi(path: string, body: unknown) {
  const res = await fetch(`${sandbox.url}${path}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return (await res.json()).data;
}
/** The sandbox's own control endpoints (/__sandbox/...). */
export const control = async (path: string, body: unknown) =>
  (
    await fetch(`${sandbox.url}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    })
  ).json();
/** A captured card charge on the sandbox (not in the console's ledger). */
export const sandboxCharge = (amount: number) =>
  upi("/v1/charges", {
    transaction: { reference: `c-${uid()}`, amount, currency: "USD", country: "US", auto_capture: true },
    payment: { method: "card", data: { pan: "4111111111111111", expiry: "12/30", cvv: "123" } },
  });
/** A captured card charge on the sandbox, in the console's ledger. */
export async function ledgerCharge(amount = 3000) {
  const charge = await sandboxCharge(amount);
  await importTransaction(charge.id, actor);
  return charge as { id: string; reference: string };
}

/** A captured charge in the ledger and a refund the console sent whose outcome it does not know yet. */
export async function unknownRefund(amount = 500) {
  const chargeId = `ch-${uid()}`;
  await pool.query(
    `INSERT INTO ledger_transactions (id, type, status, amount, amount_captured, currency, time_created, payload, source, updated_at)
     VALUES ($1, 'charge', 'succeeded', 1000, 1000, 'USD', now(), '{}', 'console', now())`,
    [chargeId],
  );
  const reference = `rf-${uid()}`;
  const id = randomUUID();
  await pool.query(
    `INSERT INTO operations (id, kind, transaction_id, reference, idempotency_key, request_hash, amount, currency, status, requested_by_id, requested_by_email, updated_at)
     VALUES ($1, 'refund', $2, $3, $4, 'h', $5, 'USD', 'unknown', $6, 'fin@example.com', now())`,
    [id, chargeId, reference, randomUUID(), amount, randomUUID()],
  );
  return { chargeId, reference, id, operation: () => db.operation.findUniqueOrThrow({ where: { id } }) };
}
/**
 * A sandbox for this test file, and before each test the console's secrets set to what it
 * signs with: the sandbox's private key, `secret` as the webhook secret and, if given, the
 * customs token (left unset otherwise: some tests depend on its absence).
 */
export function setUpWebhookSandbox(opts: { secret: string; customsToken?: string }) {
  keys.secret = opts.secret;
  keys.customsToken = opts.customsToken ?? "";
  beforeAll(async () => {
    sandbox = await startSandbox({ dataDir: null });
    overrideConfigForTests({ UPI_BASE_URL: sandbox.url, CUSTOMS_BASE_URL: sandbox.url });
    token = await serverToken(sandbox.url);
  });
  afterAll(() => sandbox.close());
  beforeEach(async () => {
    await db.secret.deleteMany();
    await writeSecret(SECRET_NAMES.privateKey, "sk_sandbox_default_private_key");
    await writeSecret(SECRET_NAMES.webhookSecret, opts.secret);
    if (opts.customsToken) await writeSecret(SECRET_NAMES.customsToken, opts.customsToken);
    webhookKeysChanged();
  });
}
