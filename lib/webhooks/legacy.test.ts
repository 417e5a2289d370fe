import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { overrideConfigForTests } from "@/lib/config";
import { db, pool } from "@/lib/db";
import { startSandbox, type Sandbox } from "@/sandbox/server";
import { serverToken } from "@/sandbox/dev-client";
import { signMd5 } from "@/sandbox/webhooks";
import { SECRET_NAMES, writeSecret } from "@/lib/secrets/store";
import { forgetWebhookKeys, processNotification, receive } from "./ingest";

// Issue 17 review, item 2: the MD5 (older hosted-payment) scheme is keyed with the customs
// token, which also goes as a bearer token to the customs host. Whoever holds it could sign
// a refund `fail` or a chargeback; such a notification is never applied as it says, only
// confirmed by inquiry with the service's values. Real PostgreSQL and the sandbox.

let sandbox: Sandbox;
let token: string;
const CUSTOMS_TOKEN = "ct_legacy_test_token";
let n = 0;
const uid = () => `${Date.now()}${String(++n).padStart(6, "0")}`;
const now = () => new Date().toISOString();

function md5Note(values: Record<string, string | number>) {
  const fields = Object.keys(values);
  const body: Record<string, string | number> = { ...values, fields: fields.join(",") };
  body.sign = signMd5(body, fields, CUSTOMS_TOKEN);
  return JSON.stringify(body);
}
async function upi(path: string, body: unknown) {
  const res = await fetch(`${sandbox.url}${path}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return (await res.json()).data;
}
const card = { method: "card", data: { pan: "4111111111111111", expiry: "12/30", cvv: "123" } };
const sandboxCharge = (amount: number) =>
  upi("/v1/charges", {
    transaction: { reference: `c-${uid()}`, amount, currency: "USD", country: "US", auto_capture: true },
    payment: card,
  });

beforeAll(async () => {
  sandbox = await startSandbox({ dataDir: null });
  overrideConfigForTests({ UPI_BASE_URL: sandbox.url });
  token = await serverToken(sandbox.url);
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  await db.secret.deleteMany();
  await writeSecret(SECRET_NAMES.privateKey, "sk_sandbox_default_private_key");
  await writeSecret(SECRET_NAMES.webhookSecret, "whsec_legacy_test");
  await writeSecret(SECRET_NAMES.customsToken, CUSTOMS_TOKEN);
  forgetWebhookKeys();
});

describe("MD5-signed (verified_legacy) notifications", () => {
  it("are never applied directly: a refund `fail` signed with the customs token leaves the open refund alone and the ledger takes the inquiry's values", async () => {
    const chargeId = `ch-${uid()}`;
    await pool.query(
      `INSERT INTO ledger_transactions (id, type, status, amount, amount_captured, currency, time_created, payload, source, updated_at)
       VALUES ($1, 'charge', 'succeeded', 1000, 1000, 'USD', now(), '{}', 'console', now())`,
      [chargeId],
    );
    const reference = `rf-${uid()}`;
    const opId = randomUUID();
    await pool.query(
      `INSERT INTO operations (id, kind, transaction_id, reference, idempotency_key, request_hash, amount, currency, status, requested_by_id, requested_by_email, updated_at)
       VALUES ($1, 'refund', $2, $3, $4, 'h', 500, 'USD', 'unknown', $5, 'fin@example.com', now())`,
      [opId, chargeId, reference, randomUUID(), randomUUID()],
    );
    const other = await sandboxCharge(800);
    const ownReference = `other-${uid()}`;
    const real = await upi("/v1/refunds", { id: other.id, reference: ownReference, amount: 300 });
    const forged = md5Note({
      id: real.id,
      transaction_type: "refund",
      reference,
      amount: 500,
      currency: "USD",
      status: "fail",
      time_completed: now(),
      time_created: now(),
      parent_id: chargeId,
    });
    const r = await receive({ contentType: "application/json", body: forged, ip: "127.0.0.1" });
    expect(r).toMatchObject({ status: 200, verification: "verified_legacy", direct: false });
    const id = (r as { id: string }).id;
    await processNotification(id);
    expect((await db.operation.findUniqueOrThrow({ where: { id: opId } })).status).toBe("unknown");
    const row = await db.ledgerTransaction.findUnique({ where: { id: real.id } });
    // The inquiry's values, not the sender's: its own reference, amount and status, and not the
    // forged parent_id (the spec's refund record names no parent, and no charge of the console
    // lists this refund, so it is recorded on its own).
    expect([row?.reference, row?.parentId, Number(row?.amount), row?.status]).toEqual([
      ownReference,
      null,
      300,
      "succeeded",
    ]);
    expect((await db.webhookNotification.findUniqueOrThrow({ where: { id: BigInt(id) } })).applyState).toBe(
      "confirmed",
    );
  });

  it("are not applied when the inquiry cannot confirm them (a chargeback the service never opened)", async () => {
    const charge = await sandboxCharge(900);
    const r = await receive({
      contentType: "application/json",
      body: md5Note({
        id: `cb-${uid()}`,
        transaction_type: "chargeback",
        reference: charge.reference,
        amount: 900,
        currency: "USD",
        status: "Lost",
        time_completed: now(),
        time_created: now(),
        parent_id: charge.id,
      }),
      ip: "127.0.0.1",
    });
    expect(r).toMatchObject({ status: 200, verification: "verified_legacy", direct: false });
    expect(await processNotification((r as { id: string }).id)).toBe("unconfirmed");
    expect(await db.chargeback.count({ where: { chargeId: charge.id } })).toBe(0);
  });
});
