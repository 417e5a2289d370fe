import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { db, pool } from "@/lib/platform/db";
import { updateSettings } from "@/lib/platform/settings/service";
import { enforceWebhookRetention } from "./retention";

// Issue 17 item 11: every body was kept forever, rejected ones included.
async function row(
  state: string,
  daysAgo: number,
  verification = state === "rejected" ? "rejected" : "verified",
  attempts = 0,
) {
  const { rows } = await pool.query<{ id: string }>(
    `INSERT INTO webhook_notifications (dedup_key, content_type, raw_body, fields, transaction_type, transaction_id, status, verification, apply_state, received_at, apply_attempts)
     VALUES ($1, 'application/json', '{}', '{}', 'charge', $2, 'captured', $3, $4, now() - make_interval(days => $5), $6) RETURNING id`,
    [randomUUID(), `ret-${randomUUID()}`, verification, state, daysAgo, attempts],
  );
  return rows[0]!.id;
}
const exists = async (id: string) => (await db.webhookNotification.count({ where: { id: BigInt(id) } })) === 1;

beforeEach(async () => {
  await db.webhookNotification.deleteMany();
  await db.setting.deleteMany({ where: { key: { in: ["webhookRetentionDays", "webhookRejectedRetentionDays"] } } });
  await updateSettings({}, "test");
});

describe("webhook inbox retention", () => {
  it("removes settled notifications after 90 days and refused ones after 7, never a pending or unconfirmed one, and audits the count", async () => {
    const keep = [
      await row("applied", 89),
      await row("stale", 10),
      await row("rejected", 6),
      await row("expired", 6),
      await row("pending", 400),
      await row("unconfirmed", 400, "unverifiable"),
    ];
    const gone = [
      await row("applied", 91),
      await row("confirmed", 100),
      await row("unchanged", 365),
      await row("stale", 91),
      await row("rejected", 8),
      await row("expired", 30),
    ];
    const before = new Date();
    const removed = await enforceWebhookRetention();
    expect(removed).toEqual({ settled: 4, refused: 2 });
    for (const id of keep) expect(await exists(id)).toBe(true);
    for (const id of gone) expect(await exists(id)).toBe(false);
    const entry = await db.auditLog.findFirstOrThrow({
      where: { action: "webhook.retention", at: { gte: before } },
      orderBy: { at: "desc" },
    });
    expect(entry.detail).toMatchObject({ removed: { settled: 4, refused: 2 }, settledDays: 90, refusedDays: 7 });
  });

  it("follows the settings, but keeps settled notifications at least as long as the replay window", async () => {
    await updateSettings({ webhookRetentionDays: 30, webhookRejectedRetentionDays: 1 }, "test");
    const a = await row("applied", 31);
    const b = await row("rejected", 2);
    const c = await row("applied", 20);
    expect(await enforceWebhookRetention()).toEqual({ settled: 1, refused: 1 });
    expect([await exists(a), await exists(b), await exists(c)]).toEqual([false, false, true]);
    await pool.query(
      "INSERT INTO settings (key, value, updated_at) VALUES ('webhookRetentionDays', '3', now()) ON CONFLICT (key) DO UPDATE SET value = '3'",
    );
    await updateSettings({}, "test");
    const d = await row("applied", 5);
    await enforceWebhookRetention();
    expect(await exists(d)).toBe(true);
  });

  // Issue 17 review: with no webhook secret, forged rows end `unconfirmed` once their 20
  // inquiries failed; nothing retried them and nothing removed them.
  it("treats an unconfirmed notification the sweep gave up on (20 failed inquiries) as refused", async () => {
    const givenUp = await row("unconfirmed", 8, "unverifiable", 20);
    const recentGivenUp = await row("unconfirmed", 6, "unverifiable", 25);
    const stillTrying = await row("unconfirmed", 30, "unverifiable", 19);
    expect(await enforceWebhookRetention()).toEqual({ settled: 0, refused: 1 });
    expect([await exists(givenUp), await exists(recentGivenUp), await exists(stillTrying)]).toEqual([
      false,
      true,
      true,
    ]);
  });
});
