import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { config, overrideConfigForTests } from "@/lib/platform/config";
import { db } from "@/lib/platform/db";
import { startSandbox, type Sandbox } from "@/sandbox/server";
import { SECRET_NAMES, writeSecret } from "@/lib/platform/secrets/store";
import { stopBoss } from "@/lib/platform/jobs/boss";
import { actorFor, type StaffUser } from "@/lib/platform/auth/actor";
import { createPaymentLinkSchema } from "./schemas";
import { createPaymentLink } from "./service";
import { followOpenLinks, markLinkPaid } from "./follow";
import { queryToken } from "./follow-rules";
import pg from "pg";
import { markLinkFromNotification } from "./notification";
import { OutcomeUnknown } from "@/lib/platform/errors";
import { staffOf } from "@/test/staff";

// Payment links against the spec-only sandbox over HTTP and a real database: the chop
// answer is {result, url}, the chop inquiry has no status, and the follow job (not an open
// page) brings each link to paid, canceled or expired with the service's own times.
let sandbox: Sandbox;
const alice: StaffUser = staffOf({
  id: "00000000-0000-4000-8000-0000000000c3",
  email: "alice@example.com",
  name: "Alice",
  role: "finance",
});
const client = { ip: "127.0.0.1", userAgent: "vitest" };
let n = 0;
const key = () => `link-key-${Date.now()}-${++n}`;
const control = (method: string, path: string, body?: unknown) =>
  fetch(`${sandbox.url}${path}`, {
    method,
    headers: { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).then((r) => r.json());
const make = async (o: Record<string, unknown>) =>
  (
    await createPaymentLink(
      createPaymentLinkSchema.parse({ amount: 10_000, currency: "USD", vendor: "alipay", ...o }),
      key(),
      actorFor(alice, client),
    )
  ).value;
const chargeIdOf = (url: string) => new URL(url).pathname.split("/").at(-1)!;
const row = (id: string) => db.paymentLink.findUniqueOrThrow({ where: { id } });

beforeAll(async () => {
  sandbox = await startSandbox({ dataDir: null });
  sandbox.store.extensions = false; // spec fields only, whatever the environment says
  overrideConfigForTests({ UPI_BASE_URL: sandbox.url, CUSTOMS_BASE_URL: sandbox.url });
});
afterAll(async () => {
  await stopBoss();
  await sandbox.close();
});
beforeEach(async () => {
  await db.setting.deleteMany();
  await db.secret.deleteMany();
  await writeSecret(SECRET_NAMES.privateKey, "sk_sandbox_default_private_key");
  await writeSecret(SECRET_NAMES.customsToken, "ct_sandbox_default");
  await db.paymentLink.updateMany({ where: { status: "initiated" }, data: { status: "canceled" } }); // earlier runs' links stay out of the job
  await control("POST", "/__sandbox/clock/reset");
});

describe("following payment links with spec fields", () => {
  it("follows a hosted link paid with nobody watching: the job records it in the ledger with the service's time and CNY amount", async () => {
    // The service's clock runs two hours ahead of ours: the recorded time must be the service's.
    await control("POST", "/__sandbox/clock/advance", { seconds: 7200 });
    const link = await make({ kind: "hosted" });
    expect([link.transactionId, queryToken(link.url)]).toEqual([null, expect.stringMatching(/^[0-9a-f]{24}$/)]);
    expect(await followOpenLinks()).toBe(1);
    expect((await row(link.id)).status).toBe("initiated");
    await control("POST", `/__sandbox/payments/${chargeIdOf(link.url)}/complete`);
    await db.paymentLink.update({ where: { id: link.id }, data: { checkedAt: new Date(Date.now() - 60_000) } }); // a minute later
    await followOpenLinks();
    const paid = await row(link.id);
    expect([paid.status, paid.transactionId, Number(paid.cnyAmount)]).toEqual([
      "succeeded",
      chargeIdOf(link.url),
      71_000,
    ]);
    expect(paid.completedAt!.getTime()).toBeGreaterThan(Date.now() + 3_600_000);
    const ledger = await db.ledgerTransaction.findUniqueOrThrow({ where: { id: paid.transactionId! } });
    expect([ledger.status, ledger.timeCaptured?.getTime()]).toEqual(["succeeded", paid.completedAt!.getTime()]);
  });

  it("ends an abandoned QR payment canceled, and an unpaid link expired at its expiry", async () => {
    const qr = await make({ kind: "qr", vendor: "wechatpay" });
    await control("POST", `/__sandbox/payments/${qr.transactionId}/abandon`);
    const hosted = await make({ kind: "hosted" });
    expect(new Date(hosted.expiresAt!).getTime() - new Date(hosted.createdAt).getTime()).toBe(24 * 3_600_000);
    const expiry = new Date(Date.now() - 1000);
    await db.paymentLink.update({ where: { id: hosted.id }, data: { expiresAt: expiry } });
    await followOpenLinks();
    expect((await row(qr.id)).status).toBe("canceled");
    const expired = await row(hosted.id);
    expect([expired.status, expired.completedAt?.getTime()]).toEqual(["expired", expiry.getTime()]);
  });

  it("marks a link paid from a notification once, even after it expired, with the notified time", async () => {
    const link = await make({ kind: "hosted" });
    await db.paymentLink.update({ where: { id: link.id }, data: { status: "expired", completedAt: new Date() } });
    const paidAt = new Date("2026-01-02T03:04:05Z");
    const facts = { paidAt, cnyFen: 71_000, transactionId: chargeIdOf(link.url) };
    const [a, b] = await Promise.all([markLinkPaid(link.reference, facts), markLinkPaid(link.reference, facts)]);
    expect([a?.status, b?.status, a?.completedAt]).toEqual(["succeeded", "succeeded", paidAt.toISOString()]);
    expect(
      await db.ledgerEvent.count({
        where: { transactionId: facts.transactionId, summary: "Paid through the payment link" },
      }),
    ).toBe(1);
    expect(await markLinkPaid("no-such-link", facts)).toBeNull();
  });

  it("lets the legacy notification pay an expired link, and give the time the job could not learn", async () => {
    const pool = new pg.Pool({ connectionString: config().databaseUrl, max: 1 });
    try {
      const expired = await make({ kind: "hosted" });
      await db.paymentLink.update({ where: { id: expired.id }, data: { status: "expired", completedAt: new Date() } });
      const paidByJob = await make({ kind: "hosted" });
      await markLinkPaid(paidByJob.reference, { transactionId: chargeIdOf(paidByJob.url) }); // no time from a chop inquiry
      const at = new Date("2026-02-03T04:05:06Z");
      for (const l of [expired, paidByJob]) {
        expect(
          await markLinkFromNotification(pool, {
            reference: l.reference,
            transactionId: chargeIdOf(l.url),
            status: "succeeded",
            cnyFen: 71_000n,
            at,
          }),
        ).toBe(true);
        expect(await row(l.id)).toMatchObject({ status: "succeeded", completedAt: at });
      }
    } finally {
      await pool.end();
    }
  });

  it("follows a /payment/pay link to succeeded with its CNY amount, having sent its return URL and allow_duplicates", async () => {
    const reference = `pay-${Date.now()}-${++n}`;
    // The order's earlier charge holds the reference: allow_duplicates lets the service take it again.
    await control("POST", "/__sandbox/reset"); // a clean list of heard requests
    const earlier = new URLSearchParams({ vendor: "wechatpay", amount: "500", currency: "USD", reference });
    await fetch(`${sandbox.url}/payment/pay_qr`, {
      method: "POST",
      headers: { Authorization: "Bearer ct_sandbox_default", "Content-Type": "application/x-www-form-urlencoded" },
      body: earlier,
    });
    await expect(make({ kind: "pay", vendor: "wechatpay", reference })).rejects.toMatchObject({ code: "B2" });
    const link = await make({
      kind: "pay",
      vendor: "wechatpay",
      reference,
      callbackUrl: "https://shop.example/back",
      allowDuplicates: true,
    });
    expect(link).toMatchObject({
      kind: "pay",
      transactionId: expect.any(String),
      asked: { callback_url: "https://shop.example/back", allow_duplicates: "yes" },
    });
    const heard = (await control("GET", "/__sandbox/requests?path=/payment/pay")) as { path: string; body: unknown }[];
    expect(
      heard
        .filter((h) => h.path === "/payment/pay")
        .map((h) => [h.path, h.body])
        .slice(-1),
    ).toEqual([
      [
        "/payment/pay",
        {
          vendor: "wechatpay",
          amount: "10000",
          currency: "USD",
          reference,
          amount_CNY: "yes",
          callback_url: "https://shop.example/back",
          allow_duplicates: "yes",
        },
      ],
    ]);
    await control("POST", `/__sandbox/payments/${link.transactionId}/complete`);
    await followOpenLinks();
    const paid = await row(link.id);
    expect([paid.status, Number(paid.cnyAmount)]).toEqual(["succeeded", 71_000]);
    const ledger = await db.ledgerTransaction.findUniqueOrThrow({ where: { id: link.transactionId! } });
    expect([ledger.status, Number(ledger.cnyAmount), ledger.method]).toEqual(["succeeded", 71_000, "wechatpay"]);
  });

  it("refuses a second link of the same reference before asking the service, allow_duplicates or not", async () => {
    const first = await make({ kind: "qr" });
    await control("POST", "/__sandbox/reset");
    await writeSecret(SECRET_NAMES.customsToken, "ct_sandbox_default");
    await expect(make({ kind: "pay", reference: first.reference, allowDuplicates: true })).rejects.toMatchObject({
      rule: "duplicate_link_reference",
    });
    expect(await control("GET", "/__sandbox/requests?path=/payment")).toEqual([]);
  });

  // Issue 48, item 1: after the service made the link, a failure of ours was a 500 and "failed";
  // a retry with a new key made a second link.
  it("a link the service made and the console failed to record is unknown, and the same key records it without asking again", async () => {
    const reference = `refuse-link-${Date.now()}`;
    const input = createPaymentLinkSchema.parse({
      amount: 10_000,
      currency: "USD",
      vendor: "alipay",
      kind: "hosted",
      reference,
    });
    await db.$executeRawUnsafe(`CREATE OR REPLACE FUNCTION test_refuse_link() RETURNS trigger LANGUAGE plpgsql AS
      'BEGIN IF NEW.reference LIKE ''refuse-%'' THEN RAISE EXCEPTION ''refused for the test''; END IF; RETURN NEW; END'`);
    await db.$executeRawUnsafe(
      "CREATE TRIGGER test_refuse BEFORE INSERT ON payment_links FOR EACH ROW EXECUTE FUNCTION test_refuse_link()",
    );
    const k = key();
    let lost: unknown;
    try {
      lost = await createPaymentLink(input, k, actorFor(alice, client)).catch((e) => e);
    } finally {
      await db.$executeRawUnsafe("DROP TRIGGER test_refuse ON payment_links");
    }
    expect(lost).toBeInstanceOf(OutcomeUnknown);
    expect(lost).toMatchObject({ rule: "not_recorded", details: { reference, known: { url: expect.any(String) } } });
    const { url } = (lost as OutcomeUnknown).details!.known as { url: string };
    expect(await db.paymentLink.count({ where: { reference } })).toBe(0);

    const retried = await createPaymentLink(input, k, actorFor(alice, client));
    expect(retried.value).toMatchObject({ reference, url });
    const heard = (await control("GET", "/__sandbox/requests?path=/chop/chop")) as { body: unknown }[];
    expect(heard.filter((r) => JSON.stringify(r.body).includes(reference))).toHaveLength(1);
  });
});
