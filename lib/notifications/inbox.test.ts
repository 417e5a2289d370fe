import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { createUser } from "@/lib/users/service";
import { listNotifications, markRead, unreadCount } from "./inbox";
import { notify } from "./outbox";

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
    const [mineA] = await listNotifications(a.id, { locale: "zh-CN", timeZone: "Asia/Shanghai" });
    expect(mineA).toMatchObject({ subject: "您申请的 €5.00 退款被拒绝", link: "/transactions/ch_9", read: false });
    const [mineB] = await listNotifications(b.id, { locale: "en", timeZone: "UTC" });
    expect(mineB!.subject).toBe("Your refund of €5.00 was rejected");

    expect(await markRead(a.id, { ids: [mineB!.id] })).toEqual({ unread: 1 });
    expect(await unreadCount(b.id)).toBe(1);
    expect(await markRead(a.id, { ids: [mineA!.id] })).toEqual({ unread: 0 });
    expect(await unreadCount(b.id)).toBe(1);
    expect(await markRead(b.id, { all: true })).toEqual({ unread: 0 });
  });
});
