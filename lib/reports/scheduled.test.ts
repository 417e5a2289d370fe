import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { sendMail } from "@/lib/platform/mail/transport";
import { actorFor } from "@/lib/platform/auth/actor";
import { addDays, localTime } from "@/lib/notifications/modes";
import { startMailSink, type MailSink } from "@/scripts/lib/mail-sink";
import { getAs, signedInAs, type RouteHandler } from "@/test/route-session";
import { GET as openLink } from "@/app/api/reports/scheduled/[id]/route";
import { periodDue, scheduleReports, sendReports } from "./scheduled";
import { subscribe } from "./subscriptions";
import { staffOf } from "@/test/staff";

// Issue 35, item 5: a weekly report arrives once, at 08:00 on Monday in the subscriber's zone,
// as a link (never the file); the link needs a signed-in person with the report's permission.

/** 08:00 UTC on the next Monday (the subscribers below read UTC). */
function nextMonday(hhmm = "08:00") {
  const today = localTime(new Date(), "UTC");
  return new Date(`${addDays(today.day, (8 - today.weekday) % 7 || 7)}T${hhmm}:00Z`);
}
const actorOf = async (id: string) => {
  const u = await db.user.update({ where: { id }, data: { timeZone: "UTC" } });
  return actorFor(staffOf({ id: u.id, email: u.email, name: u.name, role: u.role }));
};

let sink: MailSink;
let send: (mail: Parameters<typeof sendMail>[0]) => Promise<void>;
beforeEach(async () => {
  await db.reportSubscription.deleteMany();
  sink = await startMailSink({ webPort: null });
  send = (mail) => sendMail(mail, sink.smtpUrl);
});
afterEach(async () => sink.close());

describe("scheduled reports", () => {
  it("are due on their period's first day from 08:00 in the person's zone", () => {
    const monday = nextMonday();
    expect(periodDue("weekly", new Date(monday.getTime() - 60_000), "UTC")).toBeNull();
    const due = periodDue("weekly", monday, "UTC")!;
    expect(due.to).toBe(addDays(due.from, 6));
    expect(periodDue("weekly", new Date(monday.getTime() + 86_400_000), "UTC")).toBeNull();
    expect(periodDue("daily", monday, "Asia/Shanghai")?.period).toBe(localTime(monday, "Asia/Shanghai").day);
  });

  it("a weekly report arrives once with a link; without the permission the link is 403", async () => {
    const finance = await signedInAs("finance");
    const ops = await signedInAs("ops");
    const sub = await subscribe(await actorOf(finance.id), { report: "dailySummary", frequency: "weekly" });
    const monday = nextMonday();
    expect(await scheduleReports(new Date(monday.getTime() - 60_000))).toBe(0);
    // Two instances' sweeps, and a later one the same Monday: one dispatch.
    await Promise.all([scheduleReports(monday), scheduleReports(monday)]);
    await scheduleReports(new Date(monday.getTime() + 3600_000));
    await Promise.all([sendReports(send, monday), sendReports(send, monday)]);
    const mails = sink.messages.filter((m) => m.envelopeTo[0]?.startsWith("finance-"));
    expect(mails).toHaveLength(1);
    const [row] = await db.reportDispatch.findMany({ where: { subscriptionId: sub.id } });
    expect(row).toMatchObject({ status: "sent", userId: finance.id });
    const path = `/api/reports/scheduled/${row!.id}`;
    expect(mails[0]!.text).toContain(path);
    expect(mails[0]!.text).not.toMatch(/charge_amount|\.csv/); // a link, never the file
    expect(mails[0]!.subject).toContain("Daily summary");

    const denied = await getAs(openLink as RouteHandler, ops.cookie, path, { id: row!.id });
    expect(denied.status).toBe(403);
    expect(
      await db.auditLog.count({ where: { actorId: ops.id, action: "report.scheduled.open", result: "denied" } }),
    ).toBe(1);
    // Another finance person may read the report, but this link is not theirs.
    const colleague = await signedInAs("finance");
    expect((await getAs(openLink as RouteHandler, colleague.cookie, path, { id: row!.id })).status).toBe(404);
    const opened = await getAs(openLink as RouteHandler, finance.cookie, path, { id: row!.id });
    expect(opened.status).toBe(303);
    expect(new URL(opened.headers.get("location")!).pathname).toBe("/api/reports/summary.csv");
    // Past its time the link no longer opens the report.
    await db.reportDispatch.update({ where: { id: row!.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await getAs(openLink as RouteHandler, finance.cookie, path, { id: row!.id })).status).toBe(409);
  });

  it("a manager subscribes a role: each of its people gets one; a role without the permission cannot be", async () => {
    const manager = await signedInAs("manager");
    const [a, b] = [await signedInAs("finance"), await signedInAs("finance")];
    for (const u of [a, b]) await actorOf(u.id);
    const as = await actorOf(manager.id);
    await expect(subscribe(as, { report: "dailySummary", frequency: "weekly", role: "ops" })).rejects.toThrow(
      "may not read",
    );
    await expect(
      subscribe(await actorOf(a.id), { report: "dailySummary", frequency: "weekly", role: "finance" }),
    ).rejects.toThrow("Only a manager");
    const sub = await subscribe(as, { report: "dailySummary", frequency: "weekly", role: "finance" });
    await scheduleReports(nextMonday());
    await scheduleReports(nextMonday());
    const rows = await db.reportDispatch.findMany({ where: { subscriptionId: sub.id, userId: { in: [a.id, b.id] } } });
    expect(rows).toHaveLength(2);
  });
  // Issue 48, item 12: a double click on Subscribe made two identical subscriptions, more clicks four.
  it("the same subscription twice, even at once, is made once; the second is refused as already there", async () => {
    const u = await signedInAs("finance");
    const as = await actorOf(u.id);
    const results = await Promise.allSettled(
      [1, 2, 3, 4].map(() => subscribe(as, { report: "refundsByReason", frequency: "monthly" })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results.filter((r) => r.status === "rejected"))
      expect((r as PromiseRejectedResult).reason).toMatchObject({ rule: "already_subscribed" });
    expect(await db.reportSubscription.count({ where: { userId: u.id, report: "refundsByReason" } })).toBe(1);
    // Another frequency is another subscription.
    await subscribe(as, { report: "refundsByReason", frequency: "weekly" });
  });
});
