import { randomUUID } from "node:crypto";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { config } from "@/lib/platform/config";
import { db, pool } from "@/lib/platform/db";
import { settleSucceeded } from "@/lib/operations/settle";
import { applyBatch } from "./apply-stored";
import { receive } from "./ingest";
import { ledgerCharge, setUpWebhookSandbox, signedJson, upi } from "@/test/webhooks-harness";

// A refund batch while the service notifies (issue 48, item 15): the console settles each refund
// it sent (the operation, the refund's row, then the charge from an inquiry) while the intake
// applies the service's notifications of the same refunds (the refund's row, its charge, the
// operation). Every writer takes a charge's row before its refunds' rows and its operations, so
// neither waits for the other in a circle: no deadlock, no batch applied twice.

setUpWebhookSandbox({ secret: "whsec_lock_order" });

const deadlocks = async (client: Pick<pg.Client, "query"> = pool) => {
  await client.query("SELECT pg_stat_clear_snapshot()");
  const { rows } = await client.query<{ n: string }>(
    "SELECT deadlocks::text AS n FROM pg_stat_database WHERE datname = current_database()",
  );
  return Number(rows[0]?.n ?? 0);
};

async function sentRefund() {
  const charge = await ledgerCharge(3000);
  const reference = `rf-${randomUUID()}`;
  const refund = await upi("/v1/refunds", { id: charge.id, reference, amount: 500 });
  const op = await db.operation.create({
    data: {
      kind: "refund",
      transactionId: charge.id,
      reference,
      idempotencyKey: randomUUID(),
      requestHash: "h",
      amount: 500n,
      currency: "USD",
      status: "pending",
      requestedById: randomUUID(),
      requestedByEmail: "fin@example.com",
    },
  });
  const note = await receive({
    contentType: "application/json",
    body: signedJson({
      id: refund.id,
      transaction_type: "refund",
      reference,
      parent_id: charge.id,
      amount: "500",
      currency: "USD",
      status: "success",
      payment_method: "card",
      time_created: new Date().toISOString(),
    }),
    ip: "127.0.0.1",
  });
  if (note.status !== 200) throw new Error(note.message);
  return { op, refund, note: note.id, chargeId: charge.id };
}

describe("refunds settled while their notifications are applied", () => {
  it("deadlocks nowhere and applies each refund once", async () => {
    const refunds = [];
    for (let i = 0; i < 24; i++) refunds.push(await sentRefund());
    const before = await deadlocks();
    // Three rounds of eight: eight settles and two batches at once stay within the pool's ten
    // connections, so on a loaded machine no transaction waits for a connection past its time.
    for (let round = 0; round < 3; round++) {
      const these = refunds.slice(round * 8, round * 8 + 8);
      const notes = these.map((r) => r.note);
      const [batchA, batchB] = await Promise.all([
        applyBatch(
          pool,
          notes.filter((_, i) => i % 2 === 0),
        ),
        applyBatch(
          pool,
          notes.filter((_, i) => i % 2 === 1),
        ),
        ...these.map((r) => settleSucceeded(r.op, r.refund, "console")),
      ]);
      expect(batchA.error ?? null).toBeNull();
      expect(batchB.error ?? null).toBeNull();
    }
    for (const r of refunds) {
      const charge = await db.ledgerTransaction.findUniqueOrThrow({ where: { id: r.chargeId } });
      expect(Number(charge.amountRefunded)).toBe(500);
      expect((await db.operation.findUniqueOrThrow({ where: { id: r.op.id } })).status).toBe("succeeded");
      expect(await db.ledgerTransaction.count({ where: { parentId: r.chargeId, type: "refund" } })).toBe(1);
    }
    // The server counts a deadlock in the session that lost it, and a session reports its counts
    // when it ends: every connection of this file ends, then a new one reads the count. A
    // deadlock the settle's retry hid is counted all the same.
    await pool.end();
    await new Promise((r) => setTimeout(r, 500));
    const reader = new pg.Client({ connectionString: config().databaseUrl });
    await reader.connect();
    try {
      expect(await deadlocks(reader)).toBe(before);
    } finally {
      await reader.end();
    }
  }, 120_000);
});
