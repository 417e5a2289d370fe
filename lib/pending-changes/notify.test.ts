import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { updateSettings } from "@/lib/platform/settings/service";
import { createUser } from "@/lib/users/service";
import { actorFor, type StaffUser } from "@/lib/platform/auth/actor";
import { approve } from "./approve";
import { requestSettingsChange } from "./requests";
import { close, listPending } from "./store";
import { staffOf } from "@/test/staff";
import { renderNotification } from "@/lib/notifications/render";

// Issue 35: a change waiting for a second admin tells the other admins; its end tells its
// requester (a withdrawal: the admins it no longer waits for), in the change's transaction.

async function admin(name: string): Promise<StaffUser> {
  const u = await createUser(
    {
      email: `${name}-${Math.random().toString(36).slice(2, 8)}@example.com`,
      name,
      role: "admin",
      password: "long-enough-password",
    },
    null,
  );
  return staffOf({ id: u.id, email: u.email, name: u.name, role: u.role });
}
const kinds = async (u: StaffUser) =>
  (
    await db.notificationDelivery.findMany({
      where: { userId: u.id, channel: "email" },
      include: { event: true },
      orderBy: { createdAt: "asc" },
    })
  ).map((d) => d.event.kind);
const loosen = (a: StaffUser, usd: number) =>
  requestSettingsChange({ refundApprovalThresholds: { USD: usd, EUR: 50_000 } }, actorFor(a)) as Promise<{
    pendingChange: { id: string };
  }>;

let a: StaffUser;
let b: StaffUser;
beforeEach(async () => {
  await db.pendingChange.deleteMany();
  await db.notificationEvent.deleteMany();
  await db.user.deleteMany();
  a = await admin("alice");
  b = await admin("bob");
  await updateSettings(
    { refundApprovalThresholds: { USD: 50_000, EUR: 50_000 }, refundApprovalPercent: null },
    "setup",
  );
});

describe("pending change notifications", () => {
  it("waiting tells the other admin; approving (the settings batch) tells the requester", async () => {
    const { pendingChange } = await loosen(a, 60_000);
    expect(await kinds(b)).toEqual(["changeAwaiting"]);
    expect(await kinds(a)).toEqual([]);
    await approve(pendingChange.id, {}, actorFor(b));
    expect(await kinds(a)).toEqual(["changeApproved"]);
    expect(await kinds(b)).toEqual(["changeAwaiting"]);
  });

  it("rejected tells the requester, withdrawn the other admin, expired the requester once", async () => {
    const first = await loosen(a, 60_000);
    await close(first.pendingChange.id, "reject", { comment: "no" }, actorFor(b));
    expect(await kinds(a)).toEqual(["changeRejected"]);
    const second = await loosen(a, 70_000);
    await close(second.pendingChange.id, "withdraw", {}, actorFor(a));
    expect(await kinds(b)).toEqual(["changeAwaiting", "changeAwaiting", "changeWithdrawn"]);
    const third = await loosen(a, 80_000);
    await db.pendingChange.update({
      where: { id: third.pendingChange.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    await Promise.all([listPending(), listPending()]);
    await listPending();
    expect(await kinds(a)).toEqual(["changeRejected", "changeExpired"]);
  });

  // Issue 50 item 13: the other admin read "asks a second admin to approve a settings change" with
  // no word of which; the decided request stayed unread in their bell; a rejection had no reason.
  it("the other admin's notice names the change; decided, it stops being unread; a rejection carries the comment", async () => {
    const { pendingChange } = await loosen(a, 80_000);
    const console = (u: StaffUser) =>
      db.notificationDelivery.findMany({ where: { userId: u.id, channel: "console" }, include: { event: true } });
    const [waiting] = await console(b);
    const en = { locale: "en" as const, timeZone: "UTC" };
    expect(renderNotification(waiting!.event, en).body).toContain(
      "The change: Refund approval threshold USD: $500.00 → $800.00.",
    );
    expect(renderNotification(waiting!.event, { locale: "zh-CN", timeZone: "Asia/Shanghai" }).body).toContain(
      "变更内容：退款审批阈值 USD：US$500.00 → US$800.00。",
    );
    expect(waiting!.readAt).toBeNull();
    await close(pendingChange.id, "reject", { comment: "Keep $500 until the audit ends" }, actorFor(b));
    expect((await console(b))[0]!.readAt).not.toBeNull();
    const [rejected] = await console(a);
    expect(renderNotification(rejected!.event, en).body).toBe(
      `${b.email} rejected a settings change; nothing was changed. Their comment: “Keep $500 until the audit ends”`,
    );
  });
});
