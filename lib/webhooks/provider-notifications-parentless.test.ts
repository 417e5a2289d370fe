import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db, pool } from "@/lib/platform/db";
import { processNotification } from "./ingest";
import {
  control,
  deliver,
  ledgerCharge,
  now,
  sandboxCharge,
  setUpWebhookSandbox,
  signed,
  stored,
  uid,
  upi,
} from "@/test/webhooks-harness";

// Issue 23 items 1, 2 and 4: notifications as the real service sends them (spec fields
// only, no parent_id; pay-by-link in the older MD5 scheme). Real PostgreSQL, the sandbox
// over HTTP, notifications signed the way the sandbox signs them.

setUpWebhookSandbox({ secret: "whsec_provider_test", customsToken: "ct_sandbox_default" });

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

  it("keeps a chargeback whose charge the ledger does not know unconfirmed, shown untied, and says why", async () => {
    const charge = await sandboxCharge(900);
    const b = await control("/__sandbox/chargebacks", { charge_id: charge.id });
    const r = await deliver(chargebackNote(b, charge.reference, "Notification of Claim"));
    const n = await stored((r as { id: string }).id);
    expect(n.applyState).toBe("unconfirmed");
    expect(n.applyDetail).toContain(`No charge with reference “${charge.reference}” in the ledger`);
    // Issue 30, item 13: verified, it is a chargeback all the same — kept untied, never invisible.
    expect(n.applyDetail).toContain("not yet tied to a charge");
    expect((await db.chargeback.findUniqueOrThrow({ where: { id: b.id } })).chargeId).toBeNull();
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

  it("counts a refund heard before its charge in the charge's refunded amount once the charge is written", async () => {
    const charge = await sandboxCharge(1000); // at the service, not yet in the ledger
    const reference = `rfd-${uid()}`;
    const refund = await upi("/v1/refunds", { id: charge.id, reference, amount: 300 });
    const note = (values: Record<string, string | number>) =>
      deliver(
        signed({ ...values, currency: "USD", time_completed: now(), time_created: now(), payment_method: "card" }),
      );
    // Signed with its parent_id (as the sandbox's extensions and some senders do): trusted as sent.
    await note({
      id: refund.id,
      transaction_type: "refund",
      reference,
      amount: 300,
      status: "success",
      parent_id: charge.id,
    });
    expect((await db.ledgerTransaction.findUniqueOrThrow({ where: { id: refund.id } })).parentId).toBe(charge.id);
    expect(await db.ledgerTransaction.findUnique({ where: { id: charge.id } })).toBeNull();

    await note({
      id: charge.id,
      transaction_type: "charge",
      reference: charge.reference,
      amount: 1000,
      status: "captured",
    });
    const row = await db.ledgerTransaction.findUniqueOrThrow({ where: { id: charge.id } });
    expect([row.status, Number(row.amountRefunded)]).toEqual(["succeeded", 300]);
  });
});
