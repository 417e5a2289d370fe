import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db, inTransaction, pool } from "@/lib/platform/db";
import { chargeSchema } from "@/lib/upi/schemas";
import { recordLedger } from "@/lib/payment-links/service";
import { recordTransaction } from "./record";
import { said } from "@/lib/ledger/event-text";

// Where the console's copy of the forward-only rule differed from the notifications' before
// both used lib/ledger/forward.ts (ADR 0016). Each case failed on the console's old copy.

const uid = () => randomUUID().slice(0, 12);

async function chargeRow(o: { status: string; captured: number; remaining: number; method?: string }) {
  const id = `fw-${uid()}`;
  await pool.query(
    `INSERT INTO ledger_transactions (id, type, reference, status, amount, amount_captured, amount_authorized_remaining, currency, method, time_created, payload, source, updated_at)
     VALUES ($1, 'charge', $2, $3, 1000, $4, $5, 'EUR', $6, now(), '{}', 'webhook', now())`,
    [id, `r-${id}`, o.status, o.captured, o.remaining, o.method ?? "card"],
  );
  return id;
}
const reading = (id: string, o: { status: string; captured: number; remaining: number; method?: string }) =>
  chargeSchema.parse({
    object: "charge",
    id,
    reference: `r-${id}`,
    amount: 1000,
    currency: "EUR",
    status: o.status,
    amount_captured: o.captured,
    amount_refunded: 0,
    amount_authorized_remaining: o.remaining,
    payment: { method: o.method ?? "card" },
    time_created: Math.floor(Date.now() / 1000),
    captures: { data: [] },
    refunds: { data: [] },
    chargebacks: { data: [] },
  });
const record = (id: string, o: Parameters<typeof reading>[1]) =>
  inTransaction((tx) =>
    recordTransaction(reading(id, o), { source: "inquiry", summary: said("refreshed", { actor: "test" }) }, tx),
  );
const row = async (id: string) => {
  const r = await db.ledgerTransaction.findUniqueOrThrow({ where: { id } });
  return [r.status, Number(r.amountCaptured), Number(r.amountAuthorizedRemaining)];
};

describe("the console's writer moves a row forward as the notifications' does", () => {
  // The console took any status of the same rank: a captured charge read as canceled became
  // canceled. The spec: a captured transaction cannot be canceled (it is refunded), so a
  // final status is final, as the notification appliers always kept it.
  it("keeps a final status against another final one", async () => {
    const id = await chargeRow({ status: "succeeded", captured: 1000, remaining: 0 });
    await record(id, { status: "canceled", captured: 0, remaining: 0 });
    expect(await row(id)).toEqual(["succeeded", 1000, 0]);
  });

  // Holding a multi-capture open, the console set the remainder to amount − captured even
  // where the ledger knew less was left; the notifications took the smaller (never grows).
  it("never grows the authorized remainder while a multi-capture is held open", async () => {
    const id = await chargeRow({ status: "authorized", captured: 400, remaining: 100, method: "klarna" });
    await pool.query(
      `INSERT INTO operations (id, kind, transaction_id, reference, idempotency_key, request_hash, amount, currency, status, multi_capture, last_capture, requested_by_id, requested_by_email, ledger_applied, updated_at)
       VALUES ($1, 'capture', $2, $3, $4, 'h', 50, 'EUR', 'succeeded', true, false, $5, 'fin@example.com', true, now())`,
      [randomUUID(), id, `cap-${uid()}`, randomUUID(), randomUUID()],
    );
    await record(id, { status: "succeeded", captured: 400, remaining: 0, method: "klarna" });
    expect(await row(id)).toEqual(["authorized", 400, 100]);
  });
});

describe("the payment links' ledger write moves a row forward too", () => {
  // It wrote the link's status over whatever the ledger had: a QR charge whose payment a
  // notification had recorded went back to "expired", its captured amount to none.
  it("keeps a paid charge paid when its link is closed as expired afterwards", async () => {
    const id = await chargeRow({ status: "succeeded", captured: 1000, remaining: 0, method: "alipay" });
    const now = new Date();
    const link = await db.paymentLink.create({
      data: {
        kind: "qr",
        vendor: "alipay",
        reference: `r-${id}`,
        amount: 1000n,
        currency: "EUR",
        url: "https://pay.example/qr",
        transactionId: id,
        status: "expired",
        createdBy: "fin@example.com",
        completedAt: now,
        expiresAt: now,
      },
    });
    await recordLedger(link, null, said("linkClosed", { status: "expired" }));
    expect(await row(id)).toEqual(["succeeded", 1000, 0]);
    const fresh = await chargeRow({ status: "initiated", captured: 0, remaining: 0, method: "alipay" });
    await recordLedger(
      { ...link, reference: `r-${fresh}`, transactionId: fresh },
      null,
      said("linkClosed", { status: "expired" }),
    );
    expect((await row(fresh))[0]).toBe("expired");
  });
});
