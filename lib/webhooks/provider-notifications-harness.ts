import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { overrideConfigForTests } from "@/lib/config";
import { db } from "@/lib/db";
import { startSandbox, type Sandbox } from "@/sandbox/server";
import { serverToken } from "@/sandbox/dev-client";
import { signMd5, signSha256 } from "@/sandbox/webhooks";
import { SECRET_NAMES, writeSecret } from "@/lib/secrets/store";
import { importTransaction } from "@/lib/ledger/service";
import { actorFor } from "@/lib/auth/actor";
import { processNotification, forgetWebhookKeys, receive } from "./ingest";

// Issue 23 items 1, 2 and 4: notifications as the real service sends them (spec fields
// only, no parent_id; pay-by-link in the older MD5 scheme). Real PostgreSQL, the sandbox
// over HTTP, notifications signed the way the sandbox signs them. What the
// provider-notifications-*.test.ts files share; not a test file itself.

let sandbox: Sandbox;
let token: string;

const SECRET = "whsec_provider_test";
const CUSTOMS_TOKEN = "ct_sandbox_default";
let n = 0;
export const uid = () => `${Date.now()}${String(++n).padStart(6, "0")}`;
export const now = () => new Date().toISOString();
const actor = actorFor({ id: randomUUID(), email: "fin@example.com", name: "Fin", role: "finance" as const });

export function signed(values: Record<string, string | number>, scheme: "sha256" | "md5" = "sha256") {
  const fields = Object.keys(values);
  const body: Record<string, string | number> = { ...values, fields: fields.join(",") };
  body.sign = scheme === "sha256" ? signSha256(body, fields, SECRET) : signMd5(body, fields, CUSTOMS_TOKEN);
  return body;
}
export async function deliver(body: Record<string, string | number>, contentType = "application/json") {
  const text =
    contentType === "application/json"
      ? JSON.stringify(body)
      : new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString();
  const r = await receive({ contentType, body: text, ip: "127.0.0.1" });
  if (r.status === 200 && !r.duplicate && r.verification !== "rejected") await processNotification(r.id);
  return r;
}
export const stored = (id: string) => db.webhookNotification.findUniqueOrThrow({ where: { id: BigInt(id) } });
export async function upi(path: string, body: unknown) {
  const res = await fetch(`${sandbox.url}${path}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return (await res.json()).data;
}
export const control = async (path: string, body: unknown) =>
  (
    await fetch(`${sandbox.url}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    })
  ).json();
/** A captured card charge on the sandbox, in the console's ledger. */
export async function ledgerCharge(amount = 3000) {
  const charge = await upi("/v1/charges", {
    transaction: { reference: `c-${uid()}`, amount, currency: "USD", country: "US", auto_capture: true },
    payment: { method: "card", data: { pan: "4111111111111111", expiry: "12/30", cvv: "123" } },
  });
  await importTransaction(charge.id, actor);
  return charge as { id: string; reference: string };
}

/** A sandbox for this test file, and the console's secrets set to what it signs with before each test. */
export function setUpProviderSandbox() {
  beforeAll(async () => {
    sandbox = await startSandbox({ dataDir: null });
    overrideConfigForTests({ UPI_BASE_URL: sandbox.url, CUSTOMS_BASE_URL: sandbox.url });
    token = await serverToken(sandbox.url);
  });
  afterAll(() => sandbox.close());
  beforeEach(async () => {
    await db.secret.deleteMany();
    await writeSecret(SECRET_NAMES.privateKey, "sk_sandbox_default_private_key");
    await writeSecret(SECRET_NAMES.webhookSecret, SECRET);
    await writeSecret(SECRET_NAMES.customsToken, CUSTOMS_TOKEN);
    forgetWebhookKeys();
  });
}
