import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { createUser } from "@/lib/users/service";
import { startMailSink, type MailSink } from "@/scripts/lib/mail-sink";
import { freePort } from "@/scripts/lib/net";
import { CLAIM_SECONDS } from "./deliver";
import { notify } from "./outbox";
import { startInstance, stopInstances } from "@/test/mail-deliverer-process";

// Issue 35: two console instances send the outbox's e-mail while the SMTP server is down for a
// while, and one of them is killed with SIGKILL in the middle of a send. Every e-mail arrives,
// and a message sent again (the killed instance never heard the server's answer) carries the
// same Message-ID, which is how a receiver knows it already has it: no e-mail lost, none new.

async function until(what: string, check: () => Promise<boolean> | boolean, ms = 60_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`gave up waiting: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const emailRows = (where: object = {}) => db.notificationDelivery.count({ where: { channel: "email", ...where } });
/**
 * Time passing, faster: what waits for its back-off (a minute at most here) is due now. `claims`:
 * a claim's CLAIM_SECONDS run out too — only once one instance is left, which ends its batch
 * before it claims again; moved while two live, a row one is sending is the other's to send too.
 */
const timePasses = ({ claims = false } = {}) =>
  db.notificationDelivery.updateMany({
    where: {
      channel: "email",
      status: "pending",
      ...(claims ? {} : { nextAttemptAt: { lte: new Date(Date.now() + (CLAIM_SECONDS / 2) * 1000) } }),
    },
    data: { nextAttemptAt: new Date() },
  });

let sink: MailSink | null = null;
beforeEach(async () => {
  await db.notificationEvent.deleteMany();
});
afterEach(async () => {
  stopInstances();
  await sink?.close();
  sink = null;
});

describe("e-mail across instances", () => {
  it("SMTP down, then back, one instance killed mid-send: every e-mail arrives, each under its one Message-ID", async () => {
    const people = await Promise.all(
      [1, 2, 3, 4].map((i) =>
        createUser(
          {
            email: `inst-${i}-${Date.now()}@example.com`,
            name: `p${i}`,
            role: "finance",
            password: "long-enough-password",
          },
          null,
        ),
      ),
    );
    const event = (n: number) => ({
      kind: "refundApproved" as const,
      params: {
        amountMinor: 100 + n,
        currency: "USD",
        charge: `ch_${n}`,
        reference: `rfd_${n}`,
        decider: "m@example.com",
      },
      link: `/transactions/ch_${n}`,
      to: { users: people.map((p) => p.id) },
    });
    for (let n = 0; n < 15; n++) await db.$transaction(async (tx) => notify(tx, event(n)));
    const total = await emailRows();
    expect(total).toBe(60);

    // SMTP down: both instances try, and every row keeps why it failed.
    const port = await freePort();
    const smtpUrl = `smtp://127.0.0.1:${port}`;
    const a = startInstance(smtpUrl);
    startInstance(smtpUrl);
    await until(
      "every e-mail tried against the server that is down",
      async () => (await emailRows({ reason: { not: null } })) === total,
    );
    expect(await emailRows({ status: "sent" })).toBe(0);

    // SMTP back, slow to answer; the back-offs run out.
    sink = await startMailSink({ smtpPort: port, webPort: null, answerAfterMs: 150 });
    await timePasses();
    // One instance killed with sends under way: messages the server kept, answers it never heard.
    await until("a few e-mails through", () => sink!.messages.length >= 10);
    a.kill("SIGKILL");
    // Its claims run out (faster here), and the instance left sends what it held.
    await until(
      "the other instance idle",
      async () => (await emailRows({ status: "pending", nextAttemptAt: { lte: new Date() } })) === 0,
    );
    await timePasses({ claims: true });
    await until("every e-mail sent", async () => (await emailRows({ status: "sent" })) === total);

    const rows = await db.notificationDelivery.findMany({ where: { channel: "email" }, select: { id: true } });
    const ids = new Set(sink.messages.map((m) => m.messageId));
    // Every row arrived, each under one Message-ID of its own.
    expect(ids.size).toBe(total);
    expect(rows.every((r) => [...ids].some((id) => id?.includes(r.id)))).toBe(true);
    // A message sent again is only one the killed instance had in hand (its batch), never a new one.
    expect(sink.messages.length - total).toBeLessThanOrEqual(20);
  }, 120_000);
});
