import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { overrideConfigForTests } from "@/lib/platform/config";
import { db } from "@/lib/platform/db";
import { startSandbox, type Sandbox } from "@/sandbox/server";
import { SECRET_NAMES, writeSecret } from "@/lib/platform/secrets/store";
import { updateSettings } from "@/lib/platform/settings/service";
import { stopBoss } from "@/lib/platform/jobs/boss";
import { actorFor, type StaffUser } from "@/lib/platform/auth/actor";
import { createChargeSchema } from "./schemas";
import { confirmCharge, createCharge } from "./service";
import { reconcileConfirms } from "./confirm-reconcile";
import { pruneIdempotentRequests } from "@/lib/platform/idempotency/once";
import { toApiError } from "@/lib/platform/api/to-api-error";
import { NotFound, OutcomeUnknown } from "@/lib/platform/errors";
import { staffOf } from "@/test/staff";

// Charges from the virtual terminal against the sandbox over HTTP and a real database:
// one charge per Idempotency-Key, whatever the clicks, retries and lost answers.
let sandbox: Sandbox;
const alice: StaffUser = staffOf({
  id: "00000000-0000-4000-8000-0000000000a1",
  email: "alice@example.com",
  name: "Alice",
  role: "finance",
});
const bob: StaffUser = staffOf({
  id: "00000000-0000-4000-8000-0000000000b2",
  email: "bob@example.com",
  name: "Bob",
  role: "finance",
});
const client = { ip: "127.0.0.1", userAgent: "vitest" };
const PAN = "4111111111111111";
let n = 0;
const key = () => `charge-key-${Date.now()}-${++n}`;
const body = (o: Record<string, unknown> = {}) =>
  createChargeSchema.parse({
    amount: 7500,
    currency: "USD",
    method: "card",
    card: { pan: PAN, expiry: "12/30", cvv: "737" },
    ...o,
  });
const fault = (rule: string) =>
  fetch(`${sandbox.url}/__sandbox/faults`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ fault: rule, path_prefix: "/v1/charges", count: 1 }),
  });
const ledgerCharges = (reference: string) => db.ledgerTransaction.count({ where: { reference } });

beforeAll(async () => {
  sandbox = await startSandbox({ dataDir: null });
  overrideConfigForTests({ UPI_BASE_URL: sandbox.url, CUSTOMS_BASE_URL: sandbox.url });
});
afterAll(async () => {
  await db.setting.deleteMany({ where: { key: "upiTimeoutMs" } }); // the next test file's settings are its own
  await stopBoss();
  await sandbox.close();
});
beforeEach(async () => {
  await db.setting.deleteMany();
  await updateSettings({ upiTimeoutMs: 1000 }, "test");
  await db.secret.deleteMany();
  await writeSecret(SECRET_NAMES.privateKey, "sk_sandbox_default_private_key");
  await fetch(`${sandbox.url}/__sandbox/faults`, { method: "DELETE" });
});

describe("a charge per Idempotency-Key", () => {
  it("makes one charge of a double click, replays it for the same key, and answers 422 for other parameters", async () => {
    const k = key();
    const [a, b] = await Promise.all([
      createCharge(body(), k, actorFor(alice, client)),
      createCharge(body(), k, actorFor(alice, client)),
    ]);
    expect(a.value.id).toBe(b.value.id);
    expect([a.replayed, b.replayed].sort()).toEqual([false, true]);
    expect(await ledgerCharges(a.value.reference!)).toBe(1);
    // The service refuses with a domain error; the contract's 422 is what route() makes of it.
    const asAnswered = (p: Promise<unknown>) =>
      p.catch((e) => {
        throw toApiError(e);
      });
    await expect(asAnswered(createCharge(body({ amount: 7600 }), k, actorFor(alice, client)))).rejects.toMatchObject({
      code: "unprocessable_entity",
    });
    await expect(
      asAnswered(
        createCharge(
          body({ card: { pan: "5555555555554444", expiry: "12/30", cvv: "737" } }),
          k,
          actorFor(alice, client),
        ),
      ),
    ).rejects.toMatchObject({ code: "unprocessable_entity" });
  });

  it("scopes the key to its user: another user's same key is their own charge, never a look at the first", async () => {
    const k = key();
    const mine = await createCharge(body(), k, actorFor(alice, client));
    const theirs = await createCharge(body(), k, actorFor(bob, client));
    expect(theirs.replayed).toBe(false);
    expect(theirs.value.id).not.toBe(mine.value.id);
  });

  it("keeps an unknown outcome unknown: the retry sends the same reference and the service refuses a second charge", async () => {
    const k = key();
    await fault("hang-after"); // the charge is made, the answer never comes
    const lost = await createCharge(body(), k, actorFor(alice, client)).catch((e) => e);
    expect(lost).toBeInstanceOf(OutcomeUnknown);
    const reference = lost.details.reference as string;
    const retry = await createCharge(body(), k, actorFor(alice, client)).catch((e) => e);
    expect(retry).toBeInstanceOf(OutcomeUnknown);
    expect(retry).toMatchObject({ details: { reference, upstreamCode: "4100" } });
    expect(await ledgerCharges(reference)).toBe(0); // nothing recorded twice; import it by id once known
  });

  it("charges once on the retry when the first attempt never reached the service", async () => {
    const k = key();
    await fault("hang"); // never arrives
    const lost = await createCharge(body(), k, actorFor(alice, client)).catch((e) => e);
    expect(lost).toBeInstanceOf(OutcomeUnknown);
    const retry = await createCharge(body(), k, actorFor(alice, client));
    expect(retry).toMatchObject({
      replayed: false,
      value: { reference: lost.details.reference, status: "authorized" },
    });
    expect(await createCharge(body(), k, actorFor(alice, client))).toMatchObject({
      replayed: true,
      value: { id: retry.value.id },
    });
  });

  // Issue 48: the service charged, storing it failed, and the person got a 500 saying nothing was done.
  it("a charge the service took and the console failed to record is unknown, never failed; the same key records it by inquiry, charging once", async () => {
    await db.$executeRawUnsafe(`CREATE OR REPLACE FUNCTION test_refuse_ledger() RETURNS trigger LANGUAGE plpgsql AS
      'BEGIN IF NEW.reference LIKE ''refuse-%'' THEN RAISE EXCEPTION ''refused for the test''; END IF; RETURN NEW; END'`);
    await db.$executeRawUnsafe(
      "CREATE TRIGGER test_refuse BEFORE INSERT ON ledger_transactions FOR EACH ROW EXECUTE FUNCTION test_refuse_ledger()",
    );
    const k = key();
    const reference = `refuse-${Date.now()}`;
    const lost = await createCharge(body({ reference }), k, actorFor(alice, client)).catch((e) => e);
    await db.$executeRawUnsafe("DROP TRIGGER test_refuse ON ledger_transactions");
    expect(lost).toBeInstanceOf(OutcomeUnknown);
    expect(lost).toMatchObject({
      rule: "not_recorded",
      details: { reference, known: { transactionId: expect.any(String) } },
    });
    const id = (lost as OutcomeUnknown).details!.known as { transactionId: string };
    expect(toApiError(lost)).toMatchObject({ status: 504, details: { outcome: "unknown" } });
    const audits = await db.auditLog.findMany({ where: { action: "charge.create", targetId: id.transactionId } });
    expect(audits.map((a) => a.result)).toEqual(["unknown"]);
    const retry = await createCharge(body({ reference }), k, actorFor(alice, client));
    expect(retry).toMatchObject({ replayed: false, value: { id: id.transactionId, reference } });
    expect(await ledgerCharges(reference)).toBe(1);
    const heard = (await fetch(`${sandbox.url}/__sandbox/requests?path=/v1/charges`).then((r) => r.json())) as {
      method: string;
      body: { transaction?: { reference?: string } } | null;
    }[];
    expect(heard.filter((r) => r.method === "POST" && r.body?.transaction?.reference === reference)).toHaveLength(1);
  });

  it("frees the key after a definite refusal, and keeps no card number or CVV anywhere in the database", async () => {
    const k = key();
    await expect(
      createCharge(
        body({ card: { pan: "4000000000000002", expiry: "12/30", cvv: "737" } }),
        k,
        actorFor(alice, client),
      ),
    ).rejects.toBeTruthy();
    expect(await db.idempotentRequest.count({ where: { userId: alice.id, key: k } })).toBe(0);
    await createCharge(body(), key(), actorFor(alice, client));
    const dump = JSON.stringify(await db.$queryRaw`SELECT row_to_json(x)::text FROM idempotent_requests x`);
    expect(dump).not.toContain(PAN);
    // The CVV as a value, or any cvv field (its digits alone turn up in ids and timestamps).
    const values: unknown[] = [];
    const walk = (v: unknown, key = ""): void => {
      if (/^(cvv|cvc)$/i.test(key)) values.push(`${key} field`);
      if (v && typeof v === "object") for (const [k, x] of Object.entries(v)) walk(x, k);
      else values.push(v);
    };
    const rows = await db.$queryRaw<{ r: string }[]>`SELECT row_to_json(x)::text AS r FROM idempotent_requests x`;
    for (const { r } of rows) walk(JSON.parse(r));
    expect(values.filter((v) => v === "737" || v === 737 || (typeof v === "string" && v.endsWith(" field")))).toEqual(
      [],
    );
    expect(dump).toContain("411111");
  });

  it("keeps the customer's email and name and the card holder the console sent, for the transaction page", async () => {
    const charge = await createCharge(
      body({
        card: { pan: PAN, expiry: "12/30", cvv: "737", firstName: "Ana", lastName: "Lee" },
        consumer: { reference: "cust-42", email: "ana.lee@example.com", firstName: "Ana", lastName: "Lee-Wong" },
      }),
      key(),
      actorFor(alice, client),
    );
    const row = await db.ledgerTransaction.findUniqueOrThrow({ where: { id: charge.value.id } });
    expect([row.customerEmail, row.customerName, row.cardholderName]).toEqual([
      "ana.lee@example.com",
      "Ana Lee-Wong",
      "Ana Lee",
    ]);
  });

  it("keeps settled keys a week and unknown ones a month, then forgets them", async () => {
    await db.idempotentRequest.deleteMany();
    const at = (days: number) => new Date(Date.now() - days * 86_400_000);
    const row = (key: string, state: string, days: number) =>
      db.$executeRaw`INSERT INTO idempotent_requests (id, user_id, key, action, fingerprint, state, created_at, updated_at)
        VALUES (gen_random_uuid(), ${alice.id}::uuid, ${key}, 'charge.create', 'f', ${state}, ${at(days)}, ${at(days)})`;
    await row("done-new", "done", 6);
    await row("done-old", "done", 8);
    await row("unknown-20", "unknown", 20);
    await row("unknown-40", "unknown", 40);
    expect(await pruneIdempotentRequests()).toBe(2);
    expect((await db.idempotentRequest.findMany({ orderBy: { key: "asc" } })).map((r) => r.key)).toEqual([
      "done-new",
      "unknown-20",
    ]);
  });
});

describe("confirming a charge", () => {
  /** A charge made without a method: initiated, with its charge token, in the ledger. */
  async function initiated() {
    const c = await createCharge(
      createChargeSchema.parse({ amount: 4200, currency: "USD" }),
      key(),
      actorFor(alice, client),
    );
    expect(c.value.status).toBe("initiated");
    return c.value as typeof c.value & { charge_token: string };
  }
  const card = (pan = PAN) =>
    createChargeSchema.parse({
      amount: 4200,
      currency: "USD",
      method: "card",
      card: { pan, expiry: "12/30", cvv: "737" },
    });
  const audits = (targetId: string) =>
    db.auditLog.findMany({ where: { targetId, action: { startsWith: "charge.confirm" } }, orderBy: { id: "asc" } });

  it("settles a confirm whose answer was lost by inquiry, like a capture, and records the charge", async () => {
    const c = await initiated();
    await fault("hang-after"); // the confirm lands, its answer never comes
    const lost = await confirmCharge(c.charge_token, card(), key(), actorFor(alice, client)).catch((e) => e);
    expect(lost).toMatchObject({ outcome: "unknown" });
    expect((await db.ledgerTransaction.findUniqueOrThrow({ where: { id: c.id } })).status).toBe("initiated");
    await db.chargeConfirm.updateMany({
      where: { transactionId: c.id },
      data: { createdAt: new Date(Date.now() - 60_000) },
    }); // the call can no longer land
    await reconcileConfirms();
    expect((await db.ledgerTransaction.findUniqueOrThrow({ where: { id: c.id } })).status).toBe("authorized");
    expect((await db.chargeConfirm.findFirstOrThrow({ where: { transactionId: c.id } })).state).toBe("applied");
    expect((await audits(c.id)).map((a) => [a.action, a.result])).toEqual([
      ["charge.confirm", "unknown"],
      ["charge.confirm.outcome", "succeeded"],
    ]);
  });

  it("says so when a lost confirm never reached the service, and audits a refused confirm", async () => {
    const c = await initiated();
    await fault("hang"); // never arrives
    await confirmCharge(c.charge_token, card(), key(), actorFor(alice, client)).catch((e) => e);
    await db.chargeConfirm.updateMany({
      where: { transactionId: c.id },
      data: { createdAt: new Date(Date.now() - 60_000) },
    });
    await reconcileConfirms();
    expect((await db.chargeConfirm.findFirstOrThrow({ where: { transactionId: c.id } })).state).toBe("not_applied");
    await expect(
      confirmCharge(c.charge_token, card("4000000000000002"), key(), actorFor(alice, client)),
    ).rejects.toMatchObject({ code: "4200" });
    expect((await audits(c.id)).map((a) => [a.action, a.result])).toEqual([
      ["charge.confirm", "unknown"],
      ["charge.confirm.outcome", "failed"],
      ["charge.confirm", "failed"],
    ]);
  });

  it("frees the key when the console itself refuses (a domain error: nothing was sent)", async () => {
    const k = key();
    await expect(confirmCharge("ct_not_in_the_ledger", card(), k, actorFor(alice, client))).rejects.toBeInstanceOf(
      NotFound,
    );
    expect(await db.idempotentRequest.count({ where: { userId: alice.id, key: k } })).toBe(0);
    await expect(confirmCharge("ct_not_in_the_ledger", card(), k, actorFor(alice, client))).rejects.toBeInstanceOf(
      NotFound,
    );
  });
});
