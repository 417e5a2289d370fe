import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { createUser } from "@/lib/users/service";
import { remindDeadlines } from "./remind";

// Issue 35: a chargeback due within 3 days tells its owner (the managers while it has none),
// an overdue one its owner and every manager; once per step per day, the clock given.

const DAY = 86_400_000;
const manager = async () =>
  createUser(
    {
      email: `m-${randomUUID().slice(0, 6)}@example.com`,
      name: "m",
      role: "manager",
      password: "long-enough-password",
    },
    null,
  );
// "Notification of Claim" has a 10-day window by default: entered 8 days ago, it is due in 2.
const chargeback = (ownerId: string | null, enteredDaysAgo: number, now: number) =>
  db.chargeback.create({
    data: {
      id: `cb_${randomUUID().slice(0, 8)}`,
      amount: 4200n,
      currency: "USD",
      status: "Notification of Claim",
      openedAt: new Date(now - enteredDaysAgo * DAY),
      lastChangeAt: new Date(now - enteredDaysAgo * DAY),
      ownerId,
    },
  });
const told = async (userId: string, chargebackId: string) =>
  (
    await db.notificationDelivery.findMany({
      where: { userId, channel: "console", event: { params: { path: ["chargeback"], equals: chargebackId } } },
      include: { event: true },
      orderBy: { createdAt: "asc" },
    })
  ).map((d) => d.event.kind);

beforeEach(async () => {
  await db.notificationEvent.deleteMany();
  await db.chargeback.deleteMany();
  await db.user.updateMany({ where: { role: "manager" }, data: { disabled: true } });
});

describe("chargeback deadline reminders", () => {
  it("due soon with no owner: the managers, once that day; overdue: again, once; the next day once more", async () => {
    const now = Date.now();
    const [a, b] = [await manager(), await manager()];
    const cb = await chargeback(null, 8, now);
    expect(await remindDeadlines(now)).toBe(1);
    expect(await remindDeadlines(now + 60_000)).toBe(0);
    expect(await told(a.id, cb.id)).toEqual(["chargebackDueSoon"]);
    expect(await told(b.id, cb.id)).toEqual(["chargebackDueSoon"]);

    const later = now + 3 * DAY;
    expect(await remindDeadlines(later)).toBe(1);
    expect(await remindDeadlines(later + 60_000)).toBe(0);
    expect(await told(a.id, cb.id)).toEqual(["chargebackDueSoon", "chargebackOverdue"]);
    expect(await remindDeadlines(later + DAY)).toBe(1);
    expect(await told(b.id, cb.id)).toEqual(["chargebackDueSoon", "chargebackOverdue", "chargebackOverdue"]);
  });

  it("due soon with an owner: the owner only; overdue: the owner and every manager", async () => {
    const now = Date.now();
    const [owner, other] = [await manager(), await manager()];
    const cb = await chargeback(owner.id, 8, now);
    await remindDeadlines(now);
    expect(await told(owner.id, cb.id)).toEqual(["chargebackDueSoon"]);
    expect(await told(other.id, cb.id)).toEqual([]);
    await remindDeadlines(now + 3 * DAY);
    expect(await told(owner.id, cb.id)).toEqual(["chargebackDueSoon", "chargebackOverdue"]);
    expect(await told(other.id, cb.id)).toEqual(["chargebackOverdue"]);
    // Not yet due: nothing.
    const calm = await chargeback(owner.id, 1, now);
    await remindDeadlines(now);
    expect(await told(owner.id, calm.id)).toEqual([]);
  });
});
