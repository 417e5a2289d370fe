import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { actorFor, type StaffUser } from "@/lib/platform/auth/actor";
import { requestRefund } from "./request";
import { approveOperation, rejectOperation } from "./decide";
import { renderNotification } from "@/lib/notifications/render";
import { charge, client, finance, freshEachTest, key, manager, setUpSandbox } from "@/test/operations-harness";

// Issue 35: a held refund tells the managers, its decision tells the requester, each with the
// operation's own transaction (lib/notifications/outbox.ts).

setUpSandbox();
freshEachTest();

const told = (user: StaffUser) =>
  db.notificationDelivery.findMany({
    where: { userId: user.id },
    include: { event: true },
    orderBy: [{ createdAt: "asc" }, { channel: "asc" }],
  });

beforeEach(async () => {
  for (const u of [finance, manager])
    await db.user.upsert({
      where: { id: u.id },
      create: { id: u.id, email: u.email, name: u.name, role: u.role, passwordHash: "x" },
      update: { disabled: false, role: u.role },
    });
  await db.notificationEvent.deleteMany();
});

describe("refund notifications", () => {
  it("a refund held for approval tells the managers, once per channel; approving it tells its requester", async () => {
    const id = await charge({ amount: 100_000, capture: 100_000 });
    const r = await requestRefund(id, { amount: 60_000, reason: "other" }, key(), actorFor(finance, client));
    const toManager = await told(manager);
    expect(toManager.map((d) => [d.event.kind, d.channel, d.status])).toEqual([
      ["refundAwaitingApproval", "console", "sent"],
      ["refundAwaitingApproval", "email", "pending"],
    ]);
    expect(toManager[0]!.event.params).toMatchObject({ amountMinor: 60_000, currency: "USD", charge: id });
    expect(await told(finance)).toEqual([]);

    await approveOperation(r.operation.id, { comment: "fine" }, actorFor(manager, client));
    expect((await told(finance)).map((d) => [d.event.kind, d.channel])).toEqual([
      ["refundApproved", "console"],
      ["refundApproved", "email"],
    ]);
    expect(await told(manager)).toHaveLength(2);
  });

  it("a refund under the rules tells nobody; a rejection tells the requester", async () => {
    const id = await charge({ amount: 100_000, capture: 100_000 });
    await requestRefund(id, { amount: 1_000, reason: "other" }, key(), actorFor(finance, client));
    expect(await db.notificationEvent.count()).toBe(0);
    const r = await requestRefund(id, { amount: 60_000, reason: "other" }, key(), actorFor(finance, client));
    await rejectOperation(r.operation.id, { comment: "no" }, actorFor(manager, client));
    expect((await told(finance)).map((d) => d.event.kind)).toEqual(["refundRejected", "refundRejected"]);
  });

  // Issue 50 item 13: the only manager read "Another manager must approve or reject it"; the
  // decided request stayed unread in every manager's bell; the rejection said nothing of why.
  it("the request speaks to the manager who decides; decided, it stops being unread; a rejection carries the comment", async () => {
    const id = await charge({ amount: 100_000, capture: 100_000 });
    const r = await requestRefund(id, { amount: 60_000, reason: "other" }, key(), actorFor(finance, client));
    const en = { locale: "en" as const, timeZone: "UTC" };
    const [asked] = await told(manager);
    expect(renderNotification(asked!.event, en).body).not.toMatch(/another manager/i);
    expect(renderNotification(asked!.event, en).body).toContain(
      "It waits for you to approve or reject it in Approvals.",
    );
    expect(asked!.readAt).toBeNull();
    await rejectOperation(
      r.operation.id,
      { comment: "The parcel was delivered: see the tracking" },
      actorFor(manager, client),
    );
    expect((await told(manager)).find((d) => d.channel === "console")!.readAt).not.toBeNull();
    const rejected = (await told(finance)).find((d) => d.channel === "console")!;
    expect(renderNotification(rejected.event, en).body).toContain(
      "Their comment: “The parcel was delivered: see the tracking”",
    );
  });
});
