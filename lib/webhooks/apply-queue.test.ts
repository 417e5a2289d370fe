import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { config } from "@/lib/platform/config";
import { db, pool } from "@/lib/platform/db";
import { applyClaimed, claimNotifications, claimStatement, startApplyQueue } from "./apply-queue";
import { applyBatch } from "./apply-stored";
import { receive } from "./ingest";
import { STORED_CHANNEL } from "./receive";
import { failNextConnect, heldClaims, listening, notified } from "@/test/apply-loop-harness";
import { webhookKeysChanged } from "@/lib/settings/webhook-keys";
import { setUpWebhookSandbox, signedJson, stored, uid } from "@/test/webhooks-harness";

// The job workers' side of notifications: what the intake stored is applied by whichever
// instance claims it, once, at once; a dead worker's claim runs out and another applies it.

setUpWebhookSandbox({ secret: "whsec_queue_test" });

function chargeNote(id: string, { status = "authorized", amount = "1000" } = {}) {
  const values = {
    id,
    transaction_type: "charge",
    reference: `order-${id}`,
    amount,
    currency: "USD",
    status,
    time_completed: new Date().toISOString(),
    time_created: "2026-11-22T10:00:00.000Z",
    payment_method: "card",
    amount_captured: status === "captured" ? amount : "",
  };
  return signedJson(values);
}
async function store(id: string, note?: Parameters<typeof chargeNote>[1]) {
  const r = await receive({ contentType: "application/json", body: chargeNote(id, note), ip: "127.0.0.1" });
  if (r.status !== 200) throw new Error(r.message);
  return r.id;
}
const state = async (id: string) => (await stored(id)).applyState;

// Each test claims what is stored: none of another test's notifications.
beforeEach(async () => {
  await db.webhookNotification.deleteMany();
});
afterEach(() => vi.restoreAllMocks());

describe("the apply queue", () => {
  it("hands each stored notification to one of two workers claiming at once", async () => {
    const ids = await Promise.all(Array.from({ length: 30 }, () => store(uid())));
    const [a, b] = await Promise.all([claimNotifications("new", 20), claimNotifications("new", 20)]);
    const [idsA, idsB] = [a!.map((c) => c.id), b!.map((c) => c.id)];
    expect([...idsA, ...idsB].sort()).toEqual([...ids].sort());
    expect(idsA.filter((id) => idsB.includes(id))).toEqual([]);
    await Promise.all([applyClaimed(a!), applyClaimed(b!)]);
    for (const id of ids) expect(await state(id)).toBe("applied");
    const { rows } = await pool.query(
      "SELECT count(*)::int AS n FROM ledger_events e JOIN webhook_notifications w ON w.transaction_id = e.transaction_id WHERE w.id = ANY($1)",
      [ids],
    );
    expect(rows[0].n).toBe(30); // one ledger event per charge: none applied twice
    // Each event is stored as a key with its values, so a zh-CN reader reads it in Chinese.
    const texts = await pool.query(
      "SELECT DISTINCT e.detail->'text'->>'key' AS key FROM ledger_events e JOIN webhook_notifications w ON w.transaction_id = e.transaction_id WHERE w.id = ANY($1)",
      [ids],
    );
    expect(texts.rows.map((r) => r.key)).toEqual(["chargeFirstHeard"]);
  });

  it("lets another worker take a notification whose worker died, once its claim ran out", async () => {
    const id = await store(uid());
    const ids = async () => (await claimNotifications("new")).map((c) => c.id);
    expect(await ids()).toEqual([id]); // claimed, then the worker dies
    expect(await ids()).toEqual([]);
    await pool.query(
      "UPDATE webhook_notifications SET apply_claimed_until = now() - interval '1 second' WHERE id = $1",
      [id],
    );
    const again = await claimNotifications("new");
    expect(again.map((c) => c.id)).toEqual([id]);
    await applyClaimed(again);
    expect(await state(id)).toBe("applied");
  });

  it("applies a notification as soon as it is stored, woken by the intake's NOTIFY (it polls once a minute here)", async () => {
    const queue = startApplyQueue(config().databaseUrl, { pollMs: 60_000 });
    try {
      await listening();
      await new Promise((r) => setTimeout(r, 200)); // past its first look at the queue
      const id = await store(uid());
      await expect.poll(() => state(id), { interval: 20 }).toBe("applied");
    } finally {
      await queue.stop();
    }
  });

  it("looks again when a NOTIFY arrives while it is claiming, and stops at once when told to mid-claim", async () => {
    const claims = heldClaims();
    let held = claims.hold();
    const queue = startApplyQueue(config().databaseUrl, { pollMs: 60_000 });
    let stopped = false;
    try {
      await listening();
      await held; // its first claim saw an empty queue; the answer is held back
      const heard = notified();
      const id = await store(uid()); // stored, and its NOTIFY handed to the queue, while that claim is out
      await heard;
      claims.release();
      await expect.poll(() => state(id), { interval: 20 }).toBe("applied");

      held = claims.hold();
      await pool.query("SELECT pg_notify($1, 'look')", [STORED_CHANNEL]); // wakes it to claim again, held back
      await held;
      const stopping = queue.stop().then(() => (stopped = true));
      claims.release();
      await expect.poll(() => stopped, { interval: 20 }).toBe(true);
      await stopping;
    } finally {
      claims.release();
      if (!stopped) await Promise.race([queue.stop(), new Promise((r) => setTimeout(r, 1000))]);
    }
  });

  it("keeps applying after a batch fails for want of the database, leaving that batch to its claim running out", async () => {
    const claims = heldClaims();
    const held = claims.hold();
    const queue = startApplyQueue(config().databaseUrl, { pollMs: 60_000 });
    try {
      await listening();
      await held;
      const heard = notified();
      const first = await store(uid());
      await heard;
      const failed = failNextConnect();
      claims.release(); // the claim looks again, takes the notification, and its batch cannot connect
      await failed;
      const second = await store(uid());
      await expect.poll(() => state(second), { interval: 20 }).toBe("applied");
      expect(await state(first)).toBe("pending"); // still claimed: the sweep takes it once the claim runs out
    } finally {
      claims.release();
      await queue.stop();
    }
  });

  it("applies a batch in one transaction: both statuses of a charge, in either order, and leaves an inquiry's work to the single path", async () => {
    const charge = uid();
    const captured = await store(charge, { status: "captured" }); // arrives first
    const authorized = await store(charge);
    const other = uid();
    const otherId = await store(other);
    await db.secret.deleteMany(); // no secret: the next one can only be confirmed by inquiry
    webhookKeysChanged();
    const unverifiable = await store(uid());
    const batch = await applyBatch(pool, [captured, authorized, otherId, unverifiable]);
    expect(batch).toEqual({ applied: 3, later: [unverifiable], retry: [] });
    expect(await state(unverifiable)).toBe("pending");
    const rows = await db.ledgerTransaction.findMany({
      where: { id: { in: [charge, other] } },
      orderBy: { id: "asc" },
    });
    expect(rows.map((r) => [r.id, r.status])).toEqual(
      [
        [charge, "succeeded"],
        [other, "authorized"],
      ].sort(),
    );
    expect(await state(authorized)).toBe("stale"); // authorized after captured never rolls it back
  });

  it("does not let one notification that cannot be applied hold back the rest of its batch", async () => {
    const good = await Promise.all([uid(), uid()].map((id) => store(id)));
    const bad = await store(uid(), { amount: "99999999999999999999999" }); // too large for the ledger's bigint column
    const ids = [...good, bad];
    // One batch (one transaction id for all): it fails as a whole, then each is tried alone.
    await applyClaimed(ids.map((id) => ({ id, transactionId: "one-batch" })));
    for (const id of good) expect(await state(id)).toBe("applied");
    const failed = await db.webhookNotification.findUniqueOrThrow({ where: { id: BigInt(bad) } });
    expect(failed.applyState).toBe("pending");
    expect(failed.applyDetail).toMatch(/^Apply failed: /);
    const { rows } = await pool.query(
      "SELECT count(*)::int AS n FROM ledger_events e JOIN webhook_notifications w ON w.transaction_id = e.transaction_id WHERE w.id = ANY($1)",
      [ids],
    );
    expect(rows[0].n).toBe(2); // the rolled-back batch left nothing behind
  });

  it("applies two workers' batches that share charges without a deadlock", async () => {
    const charges = Array.from({ length: 20 }, () => uid());
    const first = await Promise.all(charges.map((id) => store(id)));
    const second = await Promise.all([...charges].reverse().map((id) => store(id, { status: "captured" })));
    const results = await Promise.all([
      applyBatch(pool, [...first.slice(10), ...second.slice(0, 10)]),
      applyBatch(pool, [...first.slice(0, 10), ...second.slice(10)]),
    ]);
    expect(results.map((r) => r.retry.length)).toEqual([0, 0]);
    const rows = await db.ledgerTransaction.findMany({ where: { id: { in: charges } } });
    expect(rows.map((r) => r.status)).toEqual(charges.map(() => "succeeded"));
  });

  it("answers a replay at once while its notification is being applied (the batch does not hold the row the intake counts replays on)", async () => {
    const charge = uid();
    await applyBatch(pool, [await store(charge)]); // the ledger knows the charge
    const body = chargeNote(charge, { status: "captured" });
    const first = await receive({ contentType: "application/json", body, ip: "127.0.0.1" });
    const captured = (first as { id: string }).id;
    const blocker = await pool.connect();
    try {
      await blocker.query("BEGIN");
      await blocker.query("SELECT 1 FROM ledger_transactions WHERE id = $1 FOR UPDATE", [charge]);
      const applying = applyBatch(pool, [captured]); // waits on the charge's row, mid-batch
      await new Promise((r) => setTimeout(r, 200));
      const replay = receive({ contentType: "application/json", body, ip: "127.0.0.1" });
      const answer = await Promise.race([replay, new Promise((r) => setTimeout(() => r("still waiting"), 15_000))]);
      expect(answer).toMatchObject({ status: 200, duplicate: true });
      await blocker.query("COMMIT");
      expect((await applying).applied).toBe(1);
    } finally {
      blocker.release();
    }
    expect(await state(captured)).toBe("applied");
  });

  it("claims from the index of what is still to apply, not by walking past every applied notification", async () => {
    // An inbox of applied notifications with the ones still to apply after them: the old claim
    // walked the primary key past all the applied ones (1.25 s a batch over three million; issue 36).
    await pool.query(
      `INSERT INTO webhook_notifications (received_at, dedup_key, content_type, raw_body, fields, verification, apply_state, applied_at)
       SELECT now() - interval '1 minute', 'plan-' || g, 'application/json', '{}', '{}', 'verified',
              CASE WHEN g > 20000 THEN 'pending' ELSE 'applied' END, CASE WHEN g <= 20000 THEN now() END
         FROM generate_series(1, 21000) g ORDER BY g`,
    );
    await pool.query("ANALYZE webhook_notifications");
    for (const kind of ["new", "retry"] as const) {
      const { text, values } = claimStatement(kind, 100);
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        const { rows } = await client.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${text}`, values);
        const plan = JSON.stringify(rows[0]["QUERY PLAN"]);
        const removed = [...plan.matchAll(/"Rows Removed by Filter":(\d+)/g)].map((m) => Number(m[1]));
        expect(Math.max(0, ...removed), `${kind}: ${plan}`).toBeLessThan(100);
        expect(plan, kind).toContain('"Index Name":"webhook_notifications_to_apply_idx"');
      } finally {
        await client.query("ROLLBACK");
        client.release();
      }
    }
  });
});
