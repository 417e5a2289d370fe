import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db, pool } from "@/lib/platform/db";
import { applyBatch } from "./apply-stored";
import { receive } from "./ingest";
import { deliver, now, setUpWebhookSandbox, signed, uid } from "@/test/webhooks-harness";

// Issue 23 items 1, 2 and 4: notifications as the real service sends them (spec fields
// only, no parent_id; pay-by-link in the older MD5 scheme). Real PostgreSQL, the sandbox
// over HTTP, notifications signed the way the sandbox signs them.

setUpWebhookSandbox({ secret: "whsec_provider_test", customsToken: "ct_sandbox_default" });

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
