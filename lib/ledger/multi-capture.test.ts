import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db, inTransaction, pool } from "@/lib/platform/db";
import { chargeSchema } from "@/lib/upi/schemas";
import { recordTransaction } from "./record";
import { multiCaptureHolds } from "./multi-capture";
import { said } from "@/lib/ledger/event-text";

// Issue 30, item 14: a klarna multi-capture closes only on its last capture, whichever path
// reads it. The notification path held it open (lib/webhooks/provider-notifications-multi-
// capture.test.ts); an inquiry read through recordTransaction closed it. Real PostgreSQL; the
// inquiry answer is the service's shape, parsed by the client's own schema.

const uid = () => randomUUID().slice(0, 12);

async function klarnaCharge() {
  const id = `mc-${uid()}`;
  await pool.query(
    `INSERT INTO ledger_transactions (id, type, reference, status, amount, amount_captured, amount_authorized_remaining, currency, method, time_created, payload, source, updated_at)
     VALUES ($1, 'charge', $2, 'authorized', 1000, 0, 1000, 'EUR', 'klarna', now(), '{}', 'console', now())`,
    [id, `k-${id}`],
  );
  return id;
}
const capture = (id: string, amount: number, lastCapture: boolean) =>
  pool.query(
    `INSERT INTO operations (id, kind, transaction_id, reference, idempotency_key, request_hash, amount, currency, status, multi_capture, last_capture, requested_by_id, requested_by_email, ledger_applied, updated_at)
     VALUES ($1, 'capture', $2, $3, $4, 'h', $5, 'EUR', 'succeeded', true, $6, $7, 'fin@example.com', true, now())`,
    [randomUUID(), id, `cap-${uid()}`, randomUUID(), amount, lastCapture, randomUUID()],
  );
// What an inquiry may answer after a partial capture: the service's "succeeded", the remainder released.
const inquiry = (id: string, captured: number) =>
  chargeSchema.parse({
    object: "charge",
    id,
    reference: `k-${id}`,
    amount: 1000,
    currency: "EUR",
    status: "succeeded",
    amount_captured: captured,
    amount_refunded: 0,
    amount_authorized_remaining: 0,
    payment: { method: "klarna" },
    time_created: Math.floor(Date.now() / 1000),
    captures: { data: [] },
    refunds: { data: [] },
    chargebacks: { data: [] },
  });
const read = (id: string, captured: number) =>
  inTransaction((tx) =>
    recordTransaction(inquiry(id, captured), { source: "inquiry", summary: said("refreshed", { actor: "test" }) }, tx),
  );
const row = async (id: string) => {
  const r = await db.ledgerTransaction.findUniqueOrThrow({ where: { id } });
  return [r.status, Number(r.amountCaptured), Number(r.amountAuthorizedRemaining)];
};

describe("klarna multi-capture through the inquiry path", () => {
  it("stays authorized with the rest capturable after a partial capture; the last capture closes it", async () => {
    const id = await klarnaCharge();
    await capture(id, 400, false);
    await read(id, 400);
    expect(await row(id)).toEqual(["authorized", 400, 600]);
    await capture(id, 200, false);
    await read(id, 600);
    expect(await row(id)).toEqual(["authorized", 600, 400]);
    await capture(id, 400, true);
    await read(id, 1000);
    expect(await row(id)).toEqual(["succeeded", 1000, 0]);
  });

  it("a charge without an open multi-capture closes on the same reading", async () => {
    const id = await klarnaCharge();
    await capture(id, 400, true);
    await read(id, 400);
    expect(await row(id)).toEqual(["succeeded", 400, 0]);
  });
});

describe("multiCaptureHolds, the one rule", () => {
  it.each([
    [{ current: "authorized", incoming: "succeeded", captured: 400n, amount: 1000n, open: true }, true],
    [{ current: "authorized", incoming: "succeeded", captured: 1000n, amount: 1000n, open: true }, false],
    [{ current: "authorized", incoming: "succeeded", captured: 400n, amount: 1000n, open: false }, false],
    [{ current: "authorized", incoming: "canceled", captured: 400n, amount: 1000n, open: true }, false],
    [{ current: "succeeded", incoming: "succeeded", captured: 400n, amount: 1000n, open: true }, false],
  ])("%o → %s", (reading, holds) => {
    expect(multiCaptureHolds(reading)).toBe(holds);
  });
});
