import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { sendMail } from "@/lib/platform/mail/transport";
import { actorFor } from "@/lib/platform/auth/actor";
import { createUser, updateUser } from "@/lib/users/service";
import { startMailSink, type MailSink } from "@/scripts/lib/mail-sink";
import { deliverDue } from "./deliver";
import { gatherDigests, sendDigests } from "./digest";
import { addDays, localTime } from "./modes";
import { notify, type NotificationEvent } from "./outbox";
import { setPreferences, setRoleDefaults } from "./preferences";
import { staffOf } from "@/test/staff";

// Issue 35, items 3: console only / e-mail / morning digest per event, a role's default, quiet
// hours, against the real PostgreSQL and a real SMTP server on loopback. Time of day is moved
// with the injectable clock (`at`) the workers take.

const ZONE = "Asia/Shanghai";
async function person(role: "finance" | "admin" | "manager", timeZone = ZONE) {
  const u = await createUser(
    {
      email: `${role}-${Math.random().toString(36).slice(2, 8)}@example.com`,
      name: role,
      role,
      password: "long-enough-password",
    },
    null,
  );
  await db.user.update({ where: { id: u.id }, data: { timeZone } });
  return u;
}
const refund = (users: string[], reference = "rfd_1"): NotificationEvent => ({
  kind: "refundApproved",
  params: { amountMinor: 100, currency: "USD", charge: "ch_1", reference, decider: "m@example.com" },
  link: "/transactions/ch_1",
  to: { users },
});
const emit = (e: NotificationEvent) => db.$transaction(async (tx) => notify(tx, e));
/** An instant at a wall-clock time in Shanghai (UTC+8, no DST), `days` after today there. */
const shanghai = (days: number, hhmm: string) =>
  new Date(`${addDays(localTime(new Date(), ZONE).day, days)}T${hhmm}:00+08:00`);
const emailOf = (userId: string) =>
  db.notificationDelivery.findMany({ where: { userId, channel: "email" }, select: { status: true, reason: true } });

let sink: MailSink;
let send: (mail: Parameters<typeof sendMail>[0]) => Promise<void>;
beforeEach(async () => {
  await db.notificationEvent.deleteMany();
  await db.notificationDigest.deleteMany();
  await db.notificationRoleDefault.deleteMany();
  sink = await startMailSink({ webPort: null });
  send = (mail) => sendMail(mail, sink.smtpUrl);
});
afterEach(async () => sink.close());
const to = (email: string) => sink.messages.filter((m) => m.envelopeTo[0] === email);

describe("notification modes", () => {
  it("console only is not e-mailed; a security notice is, whatever was chosen", async () => {
    const [admin, user] = [await person("admin"), await person("finance")];
    await setPreferences(user.id, { refundApproved: "console", roleChanged: "console" });
    await emit(refund([user.id]));
    await updateUser(user.id, { role: "manager" }, actorFor(staffOf({ ...admin, role: "admin" })));
    await deliverDue(send);
    expect(to(user.email).map((m) => m.subject)).toHaveLength(1);
    expect(to(user.email)[0]!.text).toContain("Manager");
    expect(await emailOf(user.id)).toContainEqual({ status: "suppressed", reason: "preference" });
  });

  it("a role's default applies to who has not chosen; a person's own choice wins", async () => {
    const [plain, chooser] = [await person("finance"), await person("finance")];
    await setRoleDefaults("finance", { refundApproved: "console" });
    await setPreferences(chooser.id, { refundApproved: "email" });
    await emit(refund([plain.id, chooser.id]));
    expect(await emailOf(plain.id)).toEqual([{ status: "suppressed", reason: "preference" }]);
    expect(await emailOf(chooser.id)).toEqual([{ status: "pending", reason: null }]);
    await setRoleDefaults("finance", { refundApproved: "digest" });
    await emit(refund([plain.id], "rfd_2"));
    expect(await emailOf(plain.id)).toContainEqual({ status: "digest", reason: null });
  });

  it("a digest gathers the day's events into one mail at 08:00 in the person's zone, once", async () => {
    const [user, other] = [await person("finance"), await person("finance", "UTC")];
    await setPreferences(user.id, { refundApproved: "digest" });
    for (const ref of ["rfd_a", "rfd_b", "rfd_c"]) await emit(refund([user.id, other.id], ref));
    await deliverDue(send);
    expect(to(user.email)).toHaveLength(0);
    expect(to(other.email)).toHaveLength(3);

    expect(await gatherDigests(shanghai(1, "07:59"))).toBe(0);
    const morning = shanghai(1, "08:00");
    // Two instances at the same morning make one digest.
    const made = await Promise.all([gatherDigests(morning), gatherDigests(morning)]);
    expect(made.filter((n) => n === 1)).toHaveLength(1);
    await Promise.all([sendDigests(send, morning), sendDigests(send, morning)]);
    const mails = to(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain("3 notifications");
    for (const ref of ["rfd_a", "rfd_b", "rfd_c"]) expect(mails[0]!.text).toContain(ref);
    expect(await emailOf(user.id)).toEqual(Array(3).fill({ status: "sent", reason: null }));
    // Later that morning: nothing new, nothing sent again.
    expect(await gatherDigests(shanghai(1, "09:00"))).toBe(0);
    await sendDigests(send, shanghai(1, "09:00"));
    expect(to(user.email)).toHaveLength(1);
  });

  it("an event after the morning's digest time waits for the next morning's digest", async () => {
    const user = await person("finance");
    await setPreferences(user.id, { refundApproved: "digest" });
    await emit(refund([user.id], "rfd_late"));
    // It came at 10:00 on day 1, after that day's 08:00.
    await db.notificationDelivery.updateMany({
      where: { userId: user.id, channel: "email" },
      data: { createdAt: shanghai(1, "10:00") },
    });
    expect(await gatherDigests(shanghai(1, "10:01"))).toBe(0);
    expect(await gatherDigests(shanghai(1, "23:59"))).toBe(0);
    expect(await gatherDigests(shanghai(2, "08:00"))).toBe(1);
    await sendDigests(send, shanghai(2, "08:00"));
    expect(to(user.email)).toHaveLength(1);
    expect(to(user.email)[0]!.text).toContain("rfd_late");
  });

  it("quiet hours hold a non-urgent e-mail until they end; an urgent one goes at once", async () => {
    const user = await person("manager");
    await setPreferences(user.id, {}, { quiet: { startMinute: 22 * 60, endMinute: 7 * 60 } });
    await emit(refund([user.id]));
    await emit({
      kind: "chargebackOverdue",
      params: { chargeback: "cb_1", amountMinor: 500, currency: "USD", respondBy: new Date().toISOString() },
      to: { users: [user.id] },
    });
    await deliverDue(send, shanghai(1, "23:00"));
    expect(to(user.email)).toHaveLength(1); // the overdue chargeback
    const held = await db.notificationDelivery.findFirstOrThrow({
      where: { userId: user.id, channel: "email", event: { kind: "refundApproved" } },
    });
    expect(held).toMatchObject({ status: "pending", reason: "quiet hours", attempts: 0 });
    expect(held.nextAttemptAt).toEqual(shanghai(2, "07:00"));
    await deliverDue(send, shanghai(2, "06:59"));
    expect(to(user.email)).toHaveLength(1);
    await deliverDue(send, shanghai(2, "07:00"));
    expect(to(user.email)).toHaveLength(2);
  });
});
