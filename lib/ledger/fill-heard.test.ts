import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, pool } from "@/lib/platform/db";
import { stopBoss } from "@/lib/platform/jobs/boss";
import { actorFor } from "@/lib/platform/auth/actor";
import { addToken } from "@/lib/vault/service";
import { vaultAddSchema } from "@/lib/vault/schemas";
import { deliver, now, setUpWebhookSandbox, signed, uid, upi } from "@/test/webhooks-harness";
import { staffOf } from "@/test/staff";
import { fillHeardCharges } from "./fill-heard";
import { listTransactions } from "./query";
import { transactionFilterSchema } from "./filters";

// Issue 50 item 9: a charge heard only from its notification had no card, customer or country
// until someone pressed Refresh; the follow job fills it by inquiry. Real PostgreSQL, the sandbox
// over HTTP, the notification signed as the sandbox signs it.

setUpWebhookSandbox({ secret: "whsec_fill_test" });
afterAll(() => stopBoss());
// Charges other files left heard-only in this database count as given up: each test counts its own.
beforeAll(() =>
  pool.query(`INSERT INTO charge_fills (transaction_id, checks, next_check_at)
    SELECT id, 99, now() FROM ledger_transactions WHERE type = 'charge' AND source = 'webhook' ON CONFLICT DO NOTHING`),
);

const finance = actorFor(staffOf({ id: randomUUID(), email: "fill@example.com", name: "Fill", role: "finance" }));
const found = async (q: string) =>
  (await listTransactions({ ...transactionFilterSchema.parse({ q }), timeZone: "UTC" })).rows.map((r) => r.id);
const notification = (c: { id: string; reference: string; amount: number }) =>
  signed({
    id: c.id,
    transaction_type: "charge",
    reference: c.reference,
    amount: c.amount,
    currency: "EUR",
    status: "success",
    time_completed: now(),
    time_created: now(),
    payment_method: "card",
    amount_captured: String(c.amount),
    amount_refunded: "",
  });

describe("charges heard only from a notification", () => {
  it("become findable by last four and e-mail, with their country, once the job asked the service", async () => {
    const email = `fill-${uid()}@example.com`;
    const card = await addToken(
      vaultAddSchema.parse({
        card: { pan: "5555555555554444", expiry: "12/30", cvv: "123", firstName: "Mei", lastName: "Lin" },
        consumer: { email, reference: `cons-${uid()}` },
      }),
      randomUUID(),
      finance,
    );
    const charge = await upi("/v1/charges", {
      transaction: { reference: `heard-${uid()}`, amount: 4200, currency: "EUR", country: "DE", auto_capture: true },
      payment: { method: "card", token: card.value.token },
    });
    expect((await deliver(notification(charge))).status).toBe(200);
    const row = await db.ledgerTransaction.findUniqueOrThrow({ where: { id: charge.id } });
    expect([row.source, row.cardLast4, row.customerEmail, row.country]).toEqual(["webhook", null, null, null]);
    expect(await found("4444")).not.toContain(charge.id);
    expect(await found(email)).not.toContain(charge.id);

    await fillHeardCharges();
    const filled = await db.ledgerTransaction.findUniqueOrThrow({
      where: { id: charge.id },
      include: { events: { orderBy: { at: "asc" } } },
    });
    expect([filled.cardLast4, filled.customerEmail, filled.country, filled.customerName]).toEqual([
      "4444",
      email,
      "DE",
      "Mei Lin",
    ]);
    expect(filled.status).toBe("succeeded");
    expect(filled.events.map((e) => (e.detail as { text?: { key?: string } }).text?.key)).toEqual([
      "chargeFirstHeard",
      "filled",
    ]);
    expect(await found("4444")).toContain(charge.id);
    expect(await found(email.slice(0, 12))).toContain(charge.id);
    // Filled once: the next run does not ask again.
    expect(await fillHeardCharges()).toBe(0);
    expect(await db.ledgerEvent.count({ where: { transactionId: charge.id } })).toBe(2);
  });

  it("asks a few at a time, and after a failed inquiry waits before asking again", async () => {
    const a = await upi("/v1/charges", {
      transaction: { reference: `heard-${uid()}`, amount: 700, currency: "EUR", country: "FR", auto_capture: true },
      payment: { method: "card", data: { pan: "4111111111111111", expiry: "12/30", cvv: "123" } },
    });
    const unknown = { id: `9${uid()}`, reference: `ghost-${uid()}`, amount: 800 };
    await deliver(notification(unknown));
    await deliver(notification(a));
    await pool.query("UPDATE ledger_transactions SET created_at = now() - interval '1 minute' WHERE id = $1", [
      unknown.id,
    ]);
    // The oldest first, one per run here: the service does not know this one.
    expect(await fillHeardCharges(1)).toBe(1);
    const fill = await db.chargeFill.findUniqueOrThrow({ where: { transactionId: unknown.id } });
    expect(fill.checks).toBe(1);
    expect(fill.nextCheckAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
    expect((await db.ledgerTransaction.findUniqueOrThrow({ where: { id: a.id } })).cardLast4).toBeNull();
    // Not due again for a minute: the next run takes the other one.
    expect(await fillHeardCharges(1)).toBe(1);
    expect((await db.ledgerTransaction.findUniqueOrThrow({ where: { id: a.id } })).cardLast4).toBe("1111");
    expect((await db.chargeFill.findUniqueOrThrow({ where: { transactionId: unknown.id } })).checks).toBe(1);
  });
});
