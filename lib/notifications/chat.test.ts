import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { overrideConfigForTests } from "@/lib/platform/config";
import { db, pool } from "@/lib/platform/db";
import { actorFor } from "@/lib/platform/auth/actor";
import { createUser } from "@/lib/users/service";
import { startChatSink, type ChatSink } from "@/scripts/lib/chat-sink";
import { dingTalkSign } from "./chat-format";
import { chatChannelsStatus, removeChatChannel, sendTestMessage, setChatChannel } from "./chat-channels";
import { deliverChatDue } from "./chat-deliver";
import { claimDue } from "./claim";
import { notify, type NotificationEvent } from "./outbox";
import { staffOf } from "@/test/staff";

// Team chat channels against the real PostgreSQL and a real HTTP receiver on loopback (issue 35).

let sink: ChatSink;
const admin = async () => {
  const u = await createUser(
    {
      email: `admin-${Math.random().toString(36).slice(2, 8)}@example.com`,
      name: "admin",
      role: "admin",
      password: "long-enough-password",
    },
    null,
  );
  return actorFor(staffOf({ id: u.id, email: u.email, name: u.name, role: "admin" as const }));
};

const refundWaits = (reference: string): NotificationEvent => ({
  kind: "refundAwaitingApproval",
  params: { amountMinor: 50000, currency: "EUR", charge: "ch_7", reference, requester: "f@example.com" },
  link: "/approvals",
  to: { permission: "refunds.approve" },
});

const chatRows = () => db.notificationChatDelivery.findMany({ orderBy: { createdAt: "asc" } });

// The receivers here listen on loopback, which a chat URL may reach in a test run only.
beforeAll(() => overrideConfigForTests({ CHAT_ALLOW_INTERNAL: "1" }));
afterAll(() => overrideConfigForTests({ CHAT_ALLOW_INTERNAL: undefined }));
beforeEach(async () => {
  await db.notificationEvent.deleteMany();
  await db.notificationTransport.deleteMany();
  await db.secret.deleteMany({ where: { name: { startsWith: "chat." } } });
  sink = await startChatSink();
});
afterEach(async () => {
  await sink.close();
});

describe("a team chat channel", () => {
  it("is sealed at rest: neither the URL nor its token is in the row, Settings sees the host and last four", async () => {
    const as = await admin();
    const url = `${sink.url}/cgi-bin/webhook/send?key=f00dfeed-token-0001`;
    const status = await setChatChannel("manager", { format: "wecom", url }, as);
    const { rows } = await pool.query("SELECT * FROM secrets WHERE name LIKE 'chat.%'");
    expect(rows).toHaveLength(1);
    const raw = JSON.stringify(rows[0], (_k, v) => (Buffer.isBuffer(v) ? v.toString("latin1") : v));
    expect(raw).not.toContain("f00dfeed");
    expect(raw).not.toContain("/cgi-bin/");
    const manager = status.channels.find((c) => c.team === "manager")!;
    expect(manager).toMatchObject({ set: true, format: "wecom", hint: `${new URL(sink.url).host} …0001` });
    expect(JSON.stringify(await chatChannelsStatus())).not.toContain("f00dfeed");
    const [audited] = await db.auditLog.findMany({ where: { action: "settings.chat.set" } });
    expect(JSON.stringify(audited, (_k, v) => (typeof v === "bigint" ? String(v) : v))).not.toContain("f00dfeed");
  });

  // Issue 48, item 9: a URL with user:password@ showed the password in errors, Settings and the
  // audit; in local mode a loopback URL was taken and the local service's answer shown to staff.
  it("a URL with a user or password is refused in every mode; an internal one unless a test run allows it", async () => {
    const as = await admin();
    for (const url of ["https://user:s3cret@hooks.example.com/x", "https://user@hooks.example.com/x"])
      await expect(
        setChatChannel("ops", { format: "slack", url }, as, { resolve: async () => ["93.184.216.34"] }),
      ).rejects.toMatchObject({ rule: "chat_url_credentials" });
    const local = { production: false, allowInternal: false, resolve: async () => ["127.0.0.1"] };
    for (const url of [
      `${sink.url}/hook`,
      "http://localhost:8080/x",
      "http://169.254.169.254/latest",
      "http://db.lan/x",
    ])
      await expect(setChatChannel("ops", { format: "slack", url }, as, local)).rejects.toMatchObject({
        rule: "internal_address",
      });
    expect(await db.secret.count({ where: { name: { startsWith: "chat." } } })).toBe(0);
  });

  it("a private address is refused in production, as the base URLs are", async () => {
    const as = await admin();
    const production = { production: true, resolve: async () => ["10.1.2.3"] };
    for (const url of [
      `${sink.url}/hook`,
      "https://10.0.0.8/hook",
      "https://[::1]/hook",
      "https://chat.internal.example/hook",
    ])
      await expect(setChatChannel("ops", { format: "slack", url }, as, production)).rejects.toMatchObject({
        rule: "internal_address",
      });
    await expect(
      setChatChannel("ops", { format: "slack", url: "http://hooks.example.com/x" }, as, {
        production: true,
        resolve: async () => ["93.184.216.34"],
      }),
    ).rejects.toMatchObject({ rule: "https_required" });
    expect(await db.secret.count({ where: { name: { startsWith: "chat." } } })).toBe(0);
  });

  it("a role's event goes once to its role's channel only, even with two workers at once", async () => {
    const as = await admin();
    await setChatChannel("manager", { format: "slack", url: `${sink.url}/managers` }, as);
    await setChatChannel("finance", { format: "slack", url: `${sink.url}/finance` }, as);
    for (let i = 0; i < 12; i++) await db.$transaction(async (tx) => notify(tx, refundWaits(`rfd_${i}`)));
    // Named people only (a requester, a security notice): never a room.
    await db.$transaction(async (tx) =>
      notify(tx, { ...refundWaits("rfd_x"), kind: "refundApproved", to: { users: [as.user.id] } }),
    );
    expect(await db.notificationChatDelivery.count()).toBe(12);

    const [one, two] = await Promise.all([deliverChatDue(), deliverChatDue()]);
    expect(one + two).toBe(12);
    expect(await deliverChatDue()).toBe(0);
    expect(sink.requests).toHaveLength(12);
    expect(sink.messages.every((m) => m.path === "/managers")).toBe(true);
    const texts = sink.messages.map((m) => (m.body as { text: string }).text);
    expect(new Set(texts).size).toBe(12);
    // In the merchant's language, with the link; no more than the e-mail says.
    expect(texts[0]).toContain("A refund of €500.00 waits for your approval");
    expect(texts[0]).toContain("f@example.com asked for a refund of €500.00 on charge ch_7");
    expect((await chatRows()).every((r) => r.status === "sent" && r.attempts === 1)).toBe(true);
    expect((await chatChannelsStatus()).channels.find((c) => c.team === "manager")!.last).toMatchObject({
      lastFailureAt: null,
      lastError: null,
    });
  });

  it("a failing receiver: the attempt is recorded with its reason, retried after its back-off, then sent once", async () => {
    const as = await admin();
    await setChatChannel("manager", { format: "wecom", url: `${sink.url}/wecom?key=k` }, as);
    await db.$transaction(async (tx) => notify(tx, refundWaits("rfd_fail")));
    sink.answer(200, '{"errcode":93000,"errmsg":"invalid webhook url"}');
    expect(await deliverChatDue()).toBe(1);
    const [failed] = await chatRows();
    expect(failed).toMatchObject({ status: "pending", attempts: 1, reason: "errcode 93000" });
    expect(failed!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    expect(await deliverChatDue()).toBe(0);
    const shown = (await chatChannelsStatus()).channels.find((c) => c.team === "manager")!;
    expect(shown.last).toMatchObject({ lastError: "errcode 93000", lastSuccessAt: null });

    sink.answer(500, "upstream down");
    await db.notificationChatDelivery.update({ where: { id: failed!.id }, data: { nextAttemptAt: new Date() } });
    expect(await deliverChatDue()).toBe(1);
    expect((await chatRows())[0]).toMatchObject({ status: "pending", attempts: 2, reason: "HTTP 500" });

    sink.answer(200, '{"errcode":0,"errmsg":"ok"}');
    await db.notificationChatDelivery.update({ where: { id: failed!.id }, data: { nextAttemptAt: new Date() } });
    expect(await deliverChatDue()).toBe(1);
    expect(sink.messages).toHaveLength(1);
    expect(sink.messages[0]!.body).toMatchObject({ msgtype: "markdown" });
    expect((await chatRows())[0]).toMatchObject({ status: "sent", attempts: 3, reason: null });
  });

  it("a receiver that is not there: the connection's reason, never the URL's token", async () => {
    const as = await admin();
    const gone = await startChatSink();
    await gone.close();
    await setChatChannel("manager", { format: "slack", url: `${gone.url}/x?token=s3cr3t-token` }, as);
    await db.$transaction(async (tx) => notify(tx, refundWaits("rfd_gone")));
    expect(await deliverChatDue()).toBe(1);
    const [row] = await chatRows();
    expect(row!.reason).toMatch(/ECONNREFUSED/);
    expect(row!.reason).not.toContain("s3cr3t");
  });

  it("a killed worker's claim holds the row until it runs out; then one other worker sends it", async () => {
    const as = await admin();
    await setChatChannel("admin", { format: "slack", url: `${sink.url}/admins` }, as);
    await db.$transaction(async (tx) =>
      notify(tx, {
        kind: "changeAwaiting",
        params: { change: "settings.update", requester: "a@example.com", expiresAt: new Date().toISOString() },
        link: "/settings",
        to: { permission: "users.manage" },
      }),
    );
    const [dead] = await claimDue("chat");
    expect(await deliverChatDue()).toBe(0);
    await db.notificationChatDelivery.update({ where: { id: dead!.id }, data: { nextAttemptAt: new Date() } });
    expect(await deliverChatDue()).toBe(1);
    expect(sink.messages).toHaveLength(1);
    expect(sink.messages[0]!.path).toBe("/admins");
  });

  it("DingTalk: signed with its secret, and the secret is sealed too", async () => {
    const as = await admin();
    const secret = "SECd1ngta1k-signing-secret";
    await setChatChannel("ops", { format: "dingtalk", url: `${sink.url}/robot/send?access_token=tok`, secret }, as);
    const { rows } = await pool.query("SELECT ciphertext FROM secrets WHERE name = 'chat.ops.sign'");
    expect(Buffer.from(rows[0].ciphertext).toString("latin1")).not.toContain("d1ngta1k");
    const before = Date.now();
    const result = await sendTestMessage("ops", as);
    expect(result).toMatchObject({ ok: true, error: null });
    const [got] = sink.messages;
    expect(got!.query.access_token).toBe("tok");
    const timestamp = Number(got!.query.timestamp);
    expect(timestamp).toBeGreaterThanOrEqual(before);
    expect(got!.query.sign).toBe(dingTalkSign(secret, timestamp));
    expect(got!.body).toMatchObject({ msgtype: "markdown", markdown: { title: "Merchant Console test message" } });
    expect(result.channels.find((c) => c.team === "ops")).toMatchObject({ signed: true, last: { lastError: null } });

    // Repointed without a secret: the stored one stays; another format drops it.
    await setChatChannel("ops", { format: "dingtalk", url: `${sink.url}/robot/send?access_token=tok2` }, as);
    expect(await db.secret.count({ where: { name: "chat.ops.sign" } })).toBe(1);
    await setChatChannel("ops", { format: "slack", url: `${sink.url}/slack` }, as);
    expect(await db.secret.count({ where: { name: "chat.ops.sign" } })).toBe(0);
  });

  it("a failing test message says why and shows as the channel's last error; a removed channel's rows fail as such", async () => {
    const as = await admin();
    await setChatChannel("finance", { format: "slack", url: `${sink.url}/fin` }, as);
    sink.answer(403, "invalid_token");
    const result = await sendTestMessage("finance", as);
    expect(result).toMatchObject({ ok: false, error: "HTTP 403" });
    expect(result.channels.find((c) => c.team === "finance")!.last).toMatchObject({
      lastError: "HTTP 403",
    });

    await db.$transaction(async (tx) =>
      notify(tx, { ...refundWaits("rfd_9"), kind: "refundApproved", to: { permission: "money.move" } }),
    );
    await removeChatChannel("finance", as);
    expect(await deliverChatDue()).toBe(1);
    expect((await chatRows())[0]).toMatchObject({ status: "failed", reason: "channel removed" });
    await expect(sendTestMessage("finance", as)).rejects.toMatchObject({ rule: "chat_not_set" });
  });
});
