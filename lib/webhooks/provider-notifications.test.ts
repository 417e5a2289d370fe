import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { overrideConfigForTests } from "@/lib/config";
import { db, pool } from "@/lib/db";
import { startSandbox, type Sandbox } from "@/sandbox/server";
import { serverToken } from "@/sandbox/dev-client";
import { signMd5, signSha256 } from "@/sandbox/webhooks";
import { SECRET_NAMES, writeSecret } from "@/lib/secrets/store";
import { importTransaction } from "@/lib/ledger/service";
import { actorFor } from "@/lib/auth/actor";
import { getCustoms } from "@/lib/customs";
import { applyBatch } from "./apply-stored";
import { forgetWebhookKeys, processNotification, receive } from "./ingest";

// Issue 23 items 1, 2 and 4: notifications as the real service sends them (spec fields
// only, no parent_id; pay-by-link in the older MD5 scheme). Real PostgreSQL, the sandbox
// over HTTP, notifications signed the way the sandbox signs them.

let sandbox: Sandbox;
let token: string;
const SECRET = "whsec_provider_test";
const CUSTOMS_TOKEN = "ct_sandbox_default";
let n = 0;
const uid = () => `${Date.now()}${String(++n).padStart(6, "0")}`;
const now = () => new Date().toISOString();
const actor = actorFor({ id: randomUUID(), email: "fin@example.com", name: "Fin", role: "finance" as const });

function signed(values: Record<string, string | number>, scheme: "sha256" | "md5" = "sha256") {
  const fields = Object.keys(values);
  const body: Record<string, string | number> = { ...values, fields: fields.join(",") };
  body.sign = scheme === "sha256" ? signSha256(body, fields, SECRET) : signMd5(body, fields, CUSTOMS_TOKEN);
  return body;
}
async function deliver(body: Record<string, string | number>, contentType = "application/json") {
  const text =
    contentType === "application/json"
      ? JSON.stringify(body)
      : new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString();
  const r = await receive({ contentType, body: text, ip: "127.0.0.1" });
  if (r.status === 200 && !r.duplicate && r.verification !== "rejected") await processNotification(r.id);
  return r;
}
const stored = (id: string) => db.webhookNotification.findUniqueOrThrow({ where: { id: BigInt(id) } });
async function upi(path: string, body: unknown) {
  const res = await fetch(`${sandbox.url}${path}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return (await res.json()).data;
}
const control = async (path: string, body: unknown) =>
  (
    await fetch(`${sandbox.url}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    })
  ).json();
/** A captured card charge on the sandbox, in the console's ledger. */
async function ledgerCharge(amount = 3000) {
  const charge = await upi("/v1/charges", {
    transaction: { reference: `c-${uid()}`, amount, currency: "USD", country: "US", auto_capture: true },
    payment: { method: "card", data: { pan: "4111111111111111", expiry: "12/30", cvv: "123" } },
  });
  await importTransaction(charge.id, actor);
  return charge as { id: string; reference: string };
}

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

describe("pay-by-link notifications (item 1)", () => {
  it("records the payment with its CNY amount and marks its link paid at the reported time", async () => {
    const reference = `link-${uid()}`;
    // A hosted link paid on the sandbox's page: its notification is confirmed by the payment
    // inquiry (MD5 notifications are never applied as they say, lib/webhooks/verify.ts).
    const chop = await (await getCustoms()).chop({
      payment_method: "alipay",
      amount: 2000,
      currency: "USD",
      reference,
      amount_CNY: "yes",
    });
    const id = new URL(chop.url).pathname.split("/").pop()!;
    await control(`/__sandbox/payments/${id}/complete`, {});
    await db.paymentLink.create({
      data: {
        kind: "hosted",
        vendor: "alipay",
        reference,
        amount: 2000n,
        currency: "USD",
        url: chop.url,
        status: "initiated",
        createdBy: "ops@example.com",
      },
    });
    const paidAt = new Date();
    paidAt.setMilliseconds(0);
    const note = signed(
      {
        id,
        reference,
        amount: 2000,
        currency: "USD",
        status: "success",
        vendor: "alipay",
        time_completed: paidAt.toISOString(),
        amount_CNY: "142.00",
      },
      "md5",
    );
    const r = await deliver(note, "application/x-www-form-urlencoded");
    expect(r).toMatchObject({ status: 200, verification: "verified_legacy", direct: false });
    expect((await stored((r as { id: string }).id)).applyState).toBe("confirmed");
    const row = await db.ledgerTransaction.findUniqueOrThrow({ where: { id } });
    expect([
      row.type,
      row.status,
      Number(row.amount),
      Number(row.amountCaptured),
      row.currency,
      Number(row.cnyAmount),
      row.method,
      row.reference,
    ]).toEqual(["charge", "succeeded", 2000, 2000, "USD", 14200, "alipay", reference]);
    expect(row.timeCaptured?.toISOString()).toBe(paidAt.toISOString());
    const link = await db.paymentLink.findUniqueOrThrow({ where: { reference } });
    expect([link.status, link.transactionId, Number(link.cnyAmount), link.completedAt?.toISOString()]).toEqual([
      "succeeded",
      id,
      14200,
      paidAt.toISOString(),
    ]);
    expect((await stored((r as { id: string }).id)).transactionType).toBe("pay_by_link");
  });

  it("rejects a pay-by-link notification signed with anything but the API token", async () => {
    const id = uid();
    const note = signed(
      {
        id,
        reference: `link-${uid()}`,
        amount: 2000,
        currency: "USD",
        status: "success",
        vendor: "alipay",
        time_completed: now(),
      },
      "md5",
    );
    note.sign = signMd5({ ...note }, String(note.fields).split(","), "ct_not_ours");
    expect(await deliver(note)).toMatchObject({ status: 200, verification: "rejected" });
    expect(await db.ledgerTransaction.findUnique({ where: { id } })).toBeNull();
  });
});

describe("chargebacks and refunds without parent_id (item 2)", () => {
  const chargebackNote = (b: { id: string; amount: number; currency: string }, reference: string, status: string) =>
    signed({
      id: b.id,
      transaction_type: "chargeback",
      reference,
      amount: b.amount,
      currency: b.currency,
      status,
      time_completed: now(),
      time_created: now(),
      payment_method: "card",
    });

  it("ties a chargeback to the charge with its reference, confirmed by inquiry, with its reason and history", async () => {
    const charge = await ledgerCharge();
    const b = await control("/__sandbox/chargebacks", { charge_id: charge.id, reason: "product_not_received" });
    const first = await deliver(chargebackNote(b, charge.reference, "Notification of Claim"));
    expect(first).toMatchObject({ status: 200, verification: "verified", direct: false });
    // Filed under its charge in the inbox, so a search by the charge finds it.
    expect(await stored((first as { id: string }).id)).toMatchObject({ applyState: "confirmed", parentId: charge.id });
    await control(`/__sandbox/chargebacks/${b.id}/advance`, {});
    await deliver(chargebackNote(b, charge.reference, "Request For Information"));
    const row = await db.chargeback.findUniqueOrThrow({
      where: { id: b.id },
      include: { history: { orderBy: { at: "asc" } } },
    });
    expect([row.chargeId, row.reason, row.status, Number(row.amount)]).toEqual([
      charge.id,
      "product_not_received",
      "Request For Information",
      3000,
    ]);
    expect(row.history.map((h) => h.status)).toEqual(["Notification of Claim", "Request For Information"]);
  });

  it("keeps a chargeback whose charge the ledger does not know unconfirmed, and says why", async () => {
    const charge = await upi("/v1/charges", {
      transaction: { reference: `c-${uid()}`, amount: 900, currency: "USD", country: "US", auto_capture: true },
      payment: { method: "card", data: { pan: "4111111111111111", expiry: "12/30", cvv: "123" } },
    });
    const b = await control("/__sandbox/chargebacks", { charge_id: charge.id });
    const r = await deliver(chargebackNote(b, charge.reference, "Notification of Claim"));
    const n = await stored((r as { id: string }).id);
    expect(n.applyState).toBe("unconfirmed");
    expect(n.applyDetail).toContain(`No charge with reference “${charge.reference}” in the ledger`);
    expect(await db.chargeback.findUnique({ where: { id: b.id } })).toBeNull();
    // Once the ledger has the charge (here as a list sync would add it), the sweep's next try ties it.
    await pool.query(
      `INSERT INTO ledger_transactions (id, type, reference, status, amount, amount_captured, currency, time_created, payload, source, updated_at)
       VALUES ($1, 'charge', $2, 'succeeded', 900, 900, 'USD', now(), '{}', 'sync', now())`,
      [charge.id, charge.reference],
    );
    await pool.query("UPDATE webhook_notifications SET apply_state = 'unconfirmed' WHERE id = $1", [n.id]);
    expect(await processNotification(String(n.id))).toBe("confirmed");
    expect((await db.chargeback.findUniqueOrThrow({ where: { id: b.id } })).chargeId).toBe(charge.id);
  });

  it("settles the console's refund by its reference and raises its charge's refunded amount", async () => {
    const charge = await ledgerCharge(1000);
    const reference = `rfd-${uid()}`;
    const opId = randomUUID();
    await pool.query(
      `INSERT INTO operations (id, kind, transaction_id, reference, idempotency_key, request_hash, amount, currency, status, requested_by_id, requested_by_email, updated_at)
       VALUES ($1, 'refund', $2, $3, $4, 'h', 400, 'USD', 'unknown', $5, 'fin@example.com', now())`,
      [opId, charge.id, reference, randomUUID(), randomUUID()],
    );
    const refund = await upi("/v1/refunds", { id: charge.id, reference, amount: 400 });
    const r = await deliver(
      signed({
        id: refund.id,
        transaction_type: "refund",
        reference,
        amount: 400,
        currency: "USD",
        status: "success",
        time_completed: now(),
        time_created: now(),
        payment_method: "card",
      }),
    );
    expect((await stored((r as { id: string }).id)).applyState).toBe("confirmed");
    expect(await db.operation.findUniqueOrThrow({ where: { id: opId } })).toMatchObject({
      status: "succeeded",
      resultId: refund.id,
    });
    expect(Number((await db.ledgerTransaction.findUniqueOrThrow({ where: { id: charge.id } })).amountRefunded)).toBe(
      400,
    );
    expect((await db.ledgerTransaction.findUniqueOrThrow({ where: { id: refund.id } })).parentId).toBe(charge.id);
  });
});

// The job workers apply notifications in batches (set-based statements for charges); a
// notification applied on its own (a manager's re-apply, the inquiry path) takes the other way.
const applyWays = {
  "one at a time": deliver,
  "in a batch": async (body: Record<string, string | number>) => {
    const r = await receive({ contentType: "application/json", body: JSON.stringify(body), ip: "127.0.0.1" });
    if (r.status === 200 && !r.duplicate) expect((await applyBatch(pool, [r.id])).retry).toEqual([]);
  },
};

describe.each(Object.entries(applyWays))("klarna multi-capture (item 4), applied %s", (_, deliver) => {
  it("a captured notification after a partial multi-capture leaves the rest capturable; the last capture closes it", async () => {
    const id = uid();
    await pool.query(
      `INSERT INTO ledger_transactions (id, type, reference, status, amount, amount_captured, amount_authorized_remaining, currency, method, time_created, payload, source, updated_at)
       VALUES ($1, 'charge', $2, 'authorized', 1000, 400, 600, 'EUR', 'klarna', now(), '{}', 'console', now())`,
      [id, `k-${id}`],
    );
    const capture = async (lastCapture: boolean, amount: number) =>
      pool.query(
        `INSERT INTO operations (id, kind, transaction_id, reference, idempotency_key, request_hash, amount, currency, status, multi_capture, last_capture, requested_by_id, requested_by_email, ledger_applied, updated_at)
         VALUES ($1, 'capture', $2, $3, $4, 'h', $5, 'EUR', 'succeeded', true, $6, $7, 'ops@example.com', true, now())`,
        [randomUUID(), id, `cap-${uid()}`, randomUUID(), amount, lastCapture, randomUUID()],
      );
    await capture(false, 400);
    const note = (captured: number) =>
      signed({
        id,
        transaction_type: "charge",
        reference: `k-${id}`,
        amount: 1000,
        currency: "EUR",
        status: "captured",
        time_completed: now(),
        time_created: now(),
        payment_method: "klarna",
        amount_captured: String(captured),
        amount_refunded: "",
      });
    await deliver(note(400));
    let row = await db.ledgerTransaction.findUniqueOrThrow({ where: { id } });
    expect([row.status, Number(row.amountCaptured), Number(row.amountAuthorizedRemaining)]).toEqual([
      "authorized",
      400,
      600,
    ]);
    const [{ room }] = (
      await pool.query<{ room: string }>(`SELECT operation_room($1, 'capture'::"OperationKind", NULL::uuid) AS room`, [
        id,
      ])
    ).rows as [{ room: string }];
    expect(Number(room)).toBe(600);
    await capture(false, 200);
    await deliver(note(600));
    row = await db.ledgerTransaction.findUniqueOrThrow({ where: { id } });
    expect([row.status, Number(row.amountCaptured), Number(row.amountAuthorizedRemaining)]).toEqual([
      "authorized",
      600,
      400,
    ]);
    await capture(true, 400);
    await deliver(note(1000));
    row = await db.ledgerTransaction.findUniqueOrThrow({ where: { id } });
    expect([row.status, Number(row.amountCaptured), Number(row.amountAuthorizedRemaining)]).toEqual([
      "succeeded",
      1000,
      0,
    ]);
  });
});
