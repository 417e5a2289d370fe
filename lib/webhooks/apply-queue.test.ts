import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { config } from "@/lib/config";
import { db, pool } from "@/lib/db";
import { signSha256 } from "@/sandbox/webhooks";
import { SECRET_NAMES, writeSecret } from "@/lib/secrets/store";
import { applyClaimed, claimNotifications, startApplyQueue } from "./apply-queue";
import { forgetWebhookKeys, receive } from "./ingest";

// The job workers' side of notifications: what the intake stored is applied by whichever
// instance claims it, once, at once; a dead worker's claim runs out and another applies it.

const SECRET = "whsec_queue_test";
let n = 0;
const uid = () => `${Date.now()}${String(++n).padStart(6, "0")}`;

function chargeNote(id: string) {
  const values = { id, transaction_type: "charge", reference: `order-${id}`, amount: 1000, currency: "USD", status: "authorized", time_completed: new Date().toISOString(), time_created: "2026-11-22T10:00:00.000Z", payment_method: "card" };
  const fields = Object.keys(values);
  const body: Record<string, string | number> = { ...values, fields: fields.join(",") };
  body.sign = signSha256(body, fields, SECRET);
  return JSON.stringify(body);
}
async function store(id: string) {
  const r = await receive({ contentType: "application/json", body: chargeNote(id), ip: "127.0.0.1" });
  if (r.status !== 200) throw new Error(r.message);
  return r.id;
}
const state = async (id: string) => (await db.webhookNotification.findUniqueOrThrow({ where: { id: BigInt(id) } })).applyState;

beforeEach(async () => {
  await db.webhookNotification.deleteMany();
  await db.secret.deleteMany();
  await writeSecret(SECRET_NAMES.webhookSecret, SECRET);
  forgetWebhookKeys();
});
afterAll(() => vi.restoreAllMocks());

describe("the apply queue", () => {
  it("hands each stored notification to one of two workers claiming at once", async () => {
    const ids = await Promise.all(Array.from({ length: 30 }, () => store(uid())));
    const [a, b] = await Promise.all([claimNotifications("new", 20), claimNotifications("new", 20)]);
    expect([...a!, ...b!].sort()).toEqual([...ids].sort());
    expect(a!.filter((id) => b!.includes(id))).toEqual([]);
    await Promise.all([applyClaimed(a!), applyClaimed(b!)]);
    for (const id of ids) expect(await state(id)).toBe("applied");
    const { rows } = await pool.query("SELECT count(*)::int AS n FROM ledger_events e JOIN webhook_notifications w ON w.transaction_id = e.transaction_id WHERE w.id = ANY($1)", [ids]);
    expect(rows[0].n).toBe(30); // one ledger event per charge: none applied twice
  });

  it("lets another worker take a notification whose worker died, once its claim ran out", async () => {
    const id = await store(uid());
    expect(await claimNotifications("new")).toEqual([id]); // claimed, then the worker dies
    expect(await claimNotifications("new")).toEqual([]);
    await pool.query("UPDATE webhook_notifications SET apply_claimed_until = now() - interval '1 second' WHERE id = $1", [id]);
    const again = await claimNotifications("new");
    expect(again).toEqual([id]);
    await applyClaimed(again);
    expect(await state(id)).toBe("applied");
  });

  it("applies a notification within a second of its storing, woken by the intake's NOTIFY", async () => {
    // No poll within the test: only the NOTIFY can wake it.
    const queue = startApplyQueue(config().databaseUrl, { pollMs: 60_000 });
    try {
      await new Promise((r) => setTimeout(r, 500)); // listening, and past its first look at the queue
      const id = await store(uid());
      const started = Date.now();
      while ((await state(id)) !== "applied" && Date.now() - started < 1000) await new Promise((r) => setTimeout(r, 20));
      expect(await state(id)).toBe("applied");
    } finally {
      await queue.stop();
    }
  });
});
