import { beforeEach, describe, expect, it } from "vitest";
import { db, pool } from "@/lib/platform/db";
import { createUser } from "@/lib/users/service";
import { markRead, pageNotifications, UNREAD_COUNT, UNREAD_SHOWN, unreadCount } from "./inbox";

const ZH = { locale: "zh-CN" as const, timeZone: "Asia/Shanghai" };
const EN = { locale: "en" as const, timeZone: "UTC" };
import { notify } from "./outbox";
import { hiddenKinds } from "./readers";
import { presetOf } from "@/test/staff";

// The notification centre reads and marks only the reader's own rows (issue 35).

const person = async () =>
  createUser(
    {
      email: `ops-${Math.random().toString(36).slice(2, 8)}@example.com`,
      name: "ops",
      role: "ops",
      password: "long-enough-password",
    },
    null,
  );

beforeEach(async () => {
  await db.notificationEvent.deleteMany();
});

describe("the notification centre", () => {
  it("lists a person's own notifications in their language, and marks only their own read", async () => {
    const [a, b] = [await person(), await person()];
    await db.$transaction(async (tx) =>
      notify(tx, {
        kind: "refundRejected",
        params: { amountMinor: 500, currency: "EUR", charge: "ch_9", reference: "rfd_9", decider: "m@example.com" },
        link: "/transactions/ch_9",
        to: { users: [a.id, b.id] },
      }),
    );
    const [mineA] = (await pageNotifications(a.id, presetOf("ops"), ZH, { limit: 50 })).notifications;
    expect(mineA).toMatchObject({ subject: "您申请的 €5.00 退款被拒绝", link: "/transactions/ch_9", read: false });
    const [mineB] = (await pageNotifications(b.id, presetOf("ops"), EN, { limit: 50 })).notifications;
    expect(mineB!.subject).toBe("Your refund of €5.00 was rejected");

    expect(await markRead(a.id, presetOf("ops"), { ids: [mineB!.id] })).toEqual({ unread: 1 });
    expect(await unreadCount(b.id, presetOf("ops"))).toBe(1);
    expect(await markRead(a.id, presetOf("ops"), { ids: [mineA!.id] })).toEqual({ unread: 0 });
    expect(await unreadCount(b.id, presetOf("ops"))).toBe(1);
    expect(await markRead(b.id, presetOf("ops"), { all: true })).toEqual({ unread: 0 });
  });

  it("pages the centre newest first, and filters it to the unread or to one kind", async () => {
    const a = await person();
    const params = { amountMinor: 500, currency: "EUR", charge: "ch_9", reference: "rfd_9", decider: "m@example.com" };
    // Oldest first, a few milliseconds apart (the centre orders by time, then id).
    for (const kind of ["refundRejected", "refundApproved", "refundRejected"] as const) {
      await db.$transaction(async (tx) =>
        notify(tx, { kind, params, link: "/transactions/ch_9", to: { users: [a.id] } }),
      );
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const first = await pageNotifications(a.id, presetOf("ops"), EN, { limit: 2 });
    expect(first.notifications.map((n) => n.kind)).toEqual(["refundRejected", "refundApproved"]);
    expect(first).toMatchObject({ older: false, nextCursor: expect.any(String) });
    const second = await pageNotifications(a.id, presetOf("ops"), EN, { limit: 2, cursor: first.nextCursor! });
    expect(second.notifications.map((n) => n.kind)).toEqual(["refundRejected"]);
    expect(second).toMatchObject({ older: true, nextCursor: null });

    await markRead(a.id, presetOf("ops"), { ids: [first.notifications[0]!.id] });
    const unread = await pageNotifications(a.id, presetOf("ops"), EN, { limit: 50, show: "unread" });
    expect(unread.notifications.map((n) => n.id)).toEqual([first.notifications[1]!.id, second.notifications[0]!.id]);
    const approved = await pageNotifications(a.id, presetOf("ops"), EN, { limit: 50, kind: "refundApproved" });
    expect(approved.notifications.map((n) => n.id)).toEqual([first.notifications[1]!.id]);
  });

  it("counts the bell's unread no further than one past what it shows, from the index of unread rows", async () => {
    const [a, b] = [await person(), await person()];
    // 150 unread reminders for a, one for b, and a's e-mail copies, which the bell does not count.
    await pool.query(
      `WITH e AS (INSERT INTO notification_events (id, kind, params, link)
                  SELECT gen_random_uuid(), 'refundRejected', $3::jsonb, '/transactions/ch_9' FROM generate_series(1, 150) RETURNING id)
       INSERT INTO notification_deliveries (id, event_id, user_id, channel, status)
       SELECT gen_random_uuid(), e.id, u.id, c.channel::"NotificationChannel", 'sent'
         FROM e CROSS JOIN (VALUES ($1::uuid), ($2::uuid)) u(id) CROSS JOIN (VALUES ('console'), ('email')) c(channel)
        WHERE u.id = $1::uuid OR e.id = (SELECT min(id::text)::uuid FROM e)`,
      [a.id, b.id, { amountMinor: 500, currency: "EUR", charge: "ch_9", reference: "rfd_9", decider: "m@example.com" }],
    );
    expect(await unreadCount(a.id, presetOf("ops"))).toBe(UNREAD_SHOWN + 1);
    expect(await unreadCount(b.id, presetOf("ops"))).toBe(1);
    const ids = (await pageNotifications(a.id, presetOf("ops"), EN, { limit: 50 })).notifications.map((n) => n.id);
    expect(await markRead(a.id, presetOf("ops"), { ids })).toEqual({ unread: UNREAD_SHOWN + 1 });
    await pool.query(
      "UPDATE notification_deliveries SET read_at = now() WHERE id IN (SELECT id FROM notification_deliveries WHERE user_id = $1 AND channel = 'console' AND read_at IS NULL LIMIT 60)",
      [a.id],
    );
    expect(await unreadCount(a.id, presetOf("ops"))).toBe(150 - 50 - 60);

    // The count reads the partial index of unread console rows (not every delivery of the reader's).
    const client = await pool.connect();
    try {
      await client.query("BEGIN");
      await client.query("SET LOCAL enable_seqscan = off");
      const { rows } = await client.query(`EXPLAIN (FORMAT JSON) ${UNREAD_COUNT}`, [
        a.id,
        hiddenKinds(presetOf("ops")),
      ]);
      await client.query("ROLLBACK");
      expect(JSON.stringify(rows[0]["QUERY PLAN"])).toContain('"Index Name":"notification_deliveries_unread_idx"');
    } finally {
      client.release();
    }
  });

  // Issue 48, item 11: a manager demoted to ops got 403 on chargebacks, and the bell still listed
  // them with ids and amounts.
  it("shows, counts and e-mails only what the reader's role may read now", async () => {
    const m = await person();
    await db.user.update({ where: { id: m.id }, data: { role: "manager" } });
    await db.$transaction(async (tx) => {
      await notify(tx, {
        kind: "chargebackOpened",
        params: { id: "cb_1", amountMinor: 4200, currency: "USD", reference: "ORD-1", status: "Notification of Claim" },
        link: "/chargebacks/cb_1",
        to: { users: [m.id] },
      });
      await notify(tx, { kind: "roleChanged", params: { role: "ops" }, link: "/account", to: { users: [m.id] } });
    });
    const prefs = { locale: "en" as const, timeZone: "UTC" };
    expect(
      (await pageNotifications(m.id, presetOf("manager"), prefs, { limit: 50 })).notifications
        .map((n) => n.kind)
        .sort(),
    ).toEqual(["chargebackOpened", "roleChanged"]);
    expect(await unreadCount(m.id, presetOf("manager"))).toBe(2);
    // Demoted: the chargeback notice is gone from the bell and its count; their own notice stays.
    expect(
      (await pageNotifications(m.id, presetOf("ops"), prefs, { limit: 50 })).notifications.map((n) => n.kind),
    ).toEqual(["roleChanged"]);
    expect(await unreadCount(m.id, presetOf("ops"))).toBe(1);
  });
});
