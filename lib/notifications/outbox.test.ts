import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { sendMail } from "@/lib/platform/mail/transport";
import { createUser } from "@/lib/users/service";
import { startMailSink, type MailSink } from "@/scripts/lib/mail-sink";
import { freePort } from "@/scripts/lib/net";
import { claimEmails, deliverDue } from "./deliver";
import { notify } from "./outbox";
import { transportHealth } from "./transports";

// The outbox against the real PostgreSQL and a real SMTP server on loopback (issue 35).

async function person(role: "manager" | "finance", locale: string | null = null) {
  const u = await createUser(
    {
      email: `${role}-${Math.random().toString(36).slice(2, 8)}@example.com`,
      name: role,
      role,
      password: "long-enough-password",
    },
    null,
  );
  if (locale) await db.user.update({ where: { id: u.id }, data: { locale } });
  return u;
}

const event = (users: string[]) => ({
  kind: "refundApproved" as const,
  params: { amountMinor: 12345, currency: "USD", charge: "ch_1", reference: "rfd_1", decider: "m@example.com" },
  link: "/transactions/ch_1",
  to: { users },
});

let sink: MailSink | null = null;
beforeEach(async () => {
  await db.notificationEvent.deleteMany();
  await db.notificationTransport.deleteMany();
});
afterEach(async () => {
  await sink?.close();
  sink = null;
});

describe("the outbox", () => {
  it("is written with the cause's transaction: a rolled-back cause leaves no event and no delivery", async () => {
    const u = await person("finance");
    await expect(
      db.$transaction(async (tx) => {
        await tx.auditLog.create({ data: { action: "test.cause", result: "ok" } });
        await notify(tx, event([u.id]));
        throw new Error("the cause failed");
      }),
    ).rejects.toThrow("the cause failed");
    expect(await db.notificationEvent.count()).toBe(0);
    expect(await db.notificationDelivery.count({ where: { userId: u.id } })).toBe(0);

    await db.$transaction(async (tx) => notify(tx, event([u.id])));
    const rows = await db.notificationDelivery.findMany({ where: { userId: u.id }, orderBy: { channel: "asc" } });
    expect(rows.map((r) => [r.channel, r.status])).toEqual([
      ["console", "sent"],
      ["email", "pending"],
    ]);
  });

  it("tells a role's people, never the one who acted, and a once-key only once", async () => {
    const [a, b] = [await person("manager"), await person("manager")];
    const once = { ...event([]), to: { permission: "refunds.approve" as const }, actorId: a.id, onceKey: "k-1" };
    await db.$transaction(async (tx) => notify(tx, once));
    await db.$transaction(async (tx) => notify(tx, once));
    expect(await db.notificationEvent.count()).toBe(1);
    expect(await db.notificationDelivery.count({ where: { userId: a.id } })).toBe(0);
    expect(await db.notificationDelivery.count({ where: { userId: b.id } })).toBe(2);
  });

  it("two deliverers at once send each e-mail once, in its reader's language", async () => {
    sink = await startMailSink({ webPort: null });
    const people = [
      await person("finance", "zh-CN"),
      ...(await Promise.all([1, 2, 3, 4].map(() => person("finance")))),
    ];
    for (let i = 0; i < 6; i++) await db.$transaction(async (tx) => notify(tx, event(people.map((p) => p.id))));
    const url = sink.smtpUrl;
    const send = (mail: Parameters<typeof sendMail>[0]) => sendMail(mail, url);
    const [one, two] = await Promise.all([deliverDue(send), deliverDue(send)]);
    expect(one + two).toBe(30);
    expect(sink.messages).toHaveLength(30);
    expect(new Set(sink.messages.map((m) => m.messageId)).size).toBe(30);
    expect(await db.notificationDelivery.count({ where: { channel: "email", status: "sent" } })).toBe(30);
    const chinese = sink.messages.find((m) => m.envelopeTo[0] === people[0]!.email)!;
    expect(chinese.subject).toBe("您申请的 US$123.45 退款已批准");
    expect(chinese.text).toContain("m@example.com 已批准您对交易 ch_1 的 US$123.45 退款");
    const english = sink.messages.find((m) => m.envelopeTo[0] === people[1]!.email)!;
    expect(english.subject).toBe("Your refund of $123.45 was approved");
    expect(english.html).toContain("<p>Hello finance,</p>");
  });

  it("a worker killed after its claim holds the row until the claim runs out; then it is sent once", async () => {
    sink = await startMailSink({ webPort: null });
    const u = await person("finance");
    await db.$transaction(async (tx) => notify(tx, event([u.id])));
    const url = sink.smtpUrl;
    const send = (mail: Parameters<typeof sendMail>[0]) => sendMail(mail, url);
    // The killed worker: claimed, never finished.
    const [dead] = await claimEmails();
    expect(dead).toMatchObject({ attempts: 1 });
    expect(await deliverDue(send)).toBe(0);
    // Its claim ran out: another worker takes it, once.
    await db.notificationDelivery.update({ where: { id: dead!.id }, data: { nextAttemptAt: new Date() } });
    expect(await deliverDue(send)).toBe(1);
    expect(await deliverDue(send)).toBe(0);
    expect(sink.messages).toHaveLength(1);
    expect(await db.notificationDelivery.findUniqueOrThrow({ where: { id: dead!.id } })).toMatchObject({
      status: "sent",
      attempts: 2,
    });
  });

  it("SMTP down: the attempt fails with its reason, and once the server is back it is delivered once", async () => {
    const u = await person("finance");
    await db.$transaction(async (tx) => notify(tx, event([u.id])));
    const port = await freePort();
    const send = (mail: Parameters<typeof sendMail>[0]) => sendMail(mail, `smtp://127.0.0.1:${port}`);
    expect(await deliverDue(send)).toBe(1);
    const failed = await db.notificationDelivery.findFirstOrThrow({ where: { userId: u.id, channel: "email" } });
    expect(failed).toMatchObject({ status: "pending", attempts: 1 });
    expect(failed.reason).toMatch(/ECONNREFUSED/);
    expect(failed.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    // Settings shows SMTP's last error (chat-channels.ts chatChannelsStatus).
    expect((await transportHealth()).email).toMatchObject({
      lastSuccessAt: null,
      lastError: expect.stringMatching(/ECONNREFUSED/),
    });
    // Not before its back-off has run out.
    expect(await deliverDue(send)).toBe(0);

    sink = await startMailSink({ smtpPort: port, webPort: null });
    await db.notificationDelivery.update({ where: { id: failed.id }, data: { nextAttemptAt: new Date() } });
    expect(await deliverDue(send)).toBe(1);
    expect(await deliverDue(send)).toBe(0);
    expect(sink.messages).toHaveLength(1);
    expect(await db.notificationDelivery.findUniqueOrThrow({ where: { id: failed.id } })).toMatchObject({
      status: "sent",
      attempts: 2,
      reason: null,
    });
    expect((await transportHealth()).email!.lastSuccessAt).not.toBeNull();
  });
});
