import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { startSandbox, type Sandbox } from "@/sandbox/server";
import { readSecret, SECRET_NAMES, writeSecret } from "@/lib/secrets/store";
import { createUpiClient, issueAccessToken, type UpiClient } from "./client";
import { TokenManager } from "./token-manager";
import { UPI_ERRORS, UpiError } from "./errors";

// Against the sandbox over HTTP and the real PostgreSQL that `npm test` starts.
let sandbox: Sandbox;
let config: { baseUrl: string; timeoutMs: number };
const PRIVATE_KEY = "sk_sandbox_default_private_key";
const card = { pan: "4111111111111111", expiry: "12/30", cvv: "123", first_name: "Ana", last_name: "Lee" };
let n = 0;
const ref = (p: string) => `${p}-${Date.now()}-${++n}`;

function newManager(options: ConstructorParameters<typeof TokenManager>[1] = {}) {
  return new TokenManager(async () => (key) => issueAccessToken(config, key), options);
}
const control = (path: string, body: unknown) =>
  fetch(`${sandbox.url}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
const issuedTokens = () => Object.keys(sandbox.store.state.tokens).length;

beforeAll(async () => {
  sandbox = await startSandbox({ dataDir: null });
  config = { baseUrl: sandbox.url, timeoutMs: 2000 };
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  await db.secret.deleteMany();
  await writeSecret(SECRET_NAMES.privateKey, PRIVATE_KEY);
  await fetch(`${sandbox.url}/__sandbox/faults`, { method: "DELETE" });
  await fetch(`${sandbox.url}/__sandbox/clock/reset`, { method: "POST" });
});

describe("every operation round-trips through its schema", () => {
  let upi: UpiClient;
  beforeEach(() => {
    upi = createUpiClient(config, newManager());
  });

  it("charges, confirms, captures, refunds, cancels and inquires", async () => {
    const charge = await upi.createCharge({
      transaction: { reference: ref("c"), amount: 1999, currency: "USD", country: "US" },
      payment: { method: "card", data: card },
    });
    expect(charge).toMatchObject({
      status: "authorized",
      amount: 1999,
      amount_captured: null,
      payment: { data: { pan: "411111******1111" } },
    });
    const capture = await upi.capture({ id: charge.id, reference: ref("cap"), transaction_amount: 1500 });
    expect(capture).toMatchObject({ amount: 1500, status: "succeeded" });
    const refund = await upi.refund({ id: charge.id, reference: ref("r"), amount: 500, note: "consumer requested" });
    expect(refund).toMatchObject({ amount: 500, status: "succeeded" });
    const inquired = await upi.getTransaction(charge.id);
    expect(inquired).toMatchObject({ status: "succeeded", amount_captured: 1500, amount_refunded: 500 });
    expect("captures" in inquired && inquired.captures).toHaveLength(1);
    expect((await upi.getTransaction(refund.id)).object).toBe("refund");

    const other = await upi.createCharge({
      transaction: { reference: ref("c"), amount: 700, currency: "JPY" },
      payment: { method: "card", data: card },
    });
    expect(await upi.cancel({ id: other.id, reference: ref("x") })).toMatchObject({ status: "canceled", amount: 700 });

    const reference = ref("later");
    const pending = await upi.createCharge({ transaction: { reference, amount: 1000, currency: "USD" } });
    expect(pending).toMatchObject({ status: "initiated", charge_token: expect.any(String) });
    const confirmed = await upi.confirmCharge(pending.charge_token!, {
      transaction: { reference, amount: 1100, currency: "USD" },
      payment: { method: "card", data: card },
    });
    expect(confirmed).toMatchObject({ status: "authorized", amount: 1100 });

    const redirect = await upi.createCharge({
      transaction: { reference: ref("ali"), amount: 5000, currency: "USD" },
      payment: { method: "alipay", client: ["desktop"] },
    });
    expect(redirect.payment?.client?.map((l) => l.format)).toEqual(["redirect", "qr"]);
    expect(redirect.payment?.client?.[1]).toMatchObject({
      method: "GET",
      content: expect.stringContaining("/__sandbox/pay/"),
    });
  });

  it("manages vault tokens and consults", async () => {
    const added = await upi.vaultAdd({
      reference: ref("v"),
      payment: { method: "card", data: card },
      consumer: { reference: "cust-7" },
    });
    expect(added).toMatchObject({ status: "active", token: expect.stringMatching(/^vt_/) });
    expect((await upi.vaultList()).map((v) => v.token)).toContain(added.token);
    expect((await upi.vaultGet(added.token)).status).toBe("active");
    expect((await upi.vaultDelete(added.token)).status).toBe("deleted");
    const consult = await upi.consult({ method: "card", amount: 12000, currency: "USD" });
    expect(consult.installments).toHaveLength(3);
    expect(
      (await upi.consult({ method: "alipay+", amount: 20000, currency: "USD" })).promotions[0]?.discount_code,
    ).toBe("SANDBOX5");
  });

  it("sends the provider's own optional fields instead of refusing them (the real service accepted each)", async () => {
    const reference = ref("accepted");
    const charge = await upi.createCharge({
      transaction: { reference, amount: 2500, currency: "USD", country: "US", country_accelerator: "US" },
      payment: { method: "paypal", indicator: "3ds1", cof: { type: "initial" }, check: true },
      goods: { billing: { name: "Ana Lee" } },
      billing_address: { street: "1 Main St", city: "Springfield", country: "US" },
    } as never);
    expect(charge).toMatchObject({ reference, status: "initiated", payment: { method: "paypal" } });
    const card2 = await upi.createCharge({
      transaction: { reference: ref("c"), amount: 700, currency: "USD" },
      payment: { method: "card", data: card },
    });
    // A cancel naming both the id and the charge's reference: the provider took it.
    expect(
      await upi.cancel({ id: card2.id, transaction_reference: card2.reference, reference: ref("x") }),
    ).toMatchObject({ id: card2.id, status: "canceled" });
  });

  it("refuses to send a malformed request", async () => {
    await expect(upi.refund({ reference: "r" } as never)).rejects.toMatchObject({
      code: "4000",
      message: expect.stringContaining("Bad request"),
    });
    await expect(
      upi.createCharge({ transaction: { reference: "x", amount: 19.99, currency: "USD" } }),
    ).rejects.toBeInstanceOf(UpiError);
  });
});

describe("errors", () => {
  const codes = [
    "4000",
    "4010",
    "4100",
    "4101",
    "4102",
    "4103",
    "4105",
    "4106",
    "4107",
    "4200",
    "4201",
    "4202",
    "4203",
    "4204",
    "4205",
    "4206",
    "4208",
    "5100",
  ];

  it.each(codes)("maps %s to its explanation", async (code) => {
    const upi = createUpiClient(config, newManager());
    await control("/__sandbox/faults", {
      fault: `error=${code}`,
      path_prefix: "/v1/vault",
      count: code === "4010" ? 2 : 1,
    });
    const error = (await upi.vaultList().catch((e) => e)) as UpiError;
    expect(error).toBeInstanceOf(UpiError);
    expect(error.code).toBe(code);
    expect(error.explanation).toBe(UPI_ERRORS[code]!.explanation);
    expect(error.action.length).toBeGreaterThan(10);
    expect(error.outcome).toBe("failed");
  });

  it("says 'outcome unknown' for a time-out, a reset or a 5xx on a money-moving call, and 'failed' for a 508", async () => {
    const upi = createUpiClient({ ...config, timeoutMs: 300 }, newManager());
    const charge = await upi.createCharge({
      transaction: { reference: ref("c"), amount: 1000, currency: "USD" },
      payment: { method: "card", data: card },
    });
    for (const fault of ["hang-after", "reset-after", "error-after=5100", "error=4101"]) {
      await control("/__sandbox/faults", { fault, path_prefix: "/v1/captures", count: 1 });
      const e = (await upi
        .capture({ id: charge.id, reference: ref("cap"), transaction_amount: 1 })
        .catch((x) => x)) as UpiError;
      expect([fault, e.outcome]).toEqual([fault, "unknown"]);
      expect(e.action).toContain("Do not retry");
    }
    await control("/__sandbox/faults", { fault: "error=4105", path_prefix: "/v1/captures", count: 1 });
    const gateway = (await upi
      .capture({ id: charge.id, reference: ref("cap"), transaction_amount: 1 })
      .catch((x) => x)) as UpiError;
    expect(gateway).toMatchObject({ code: "4105", httpStatus: 508, outcome: "failed" });
  });

  it("reports a refused connection as unknown for money and failed for reads", async () => {
    const upi = createUpiClient(
      { baseUrl: "http://127.0.0.1:1", timeoutMs: 1000 },
      { get: async () => "t", renew: async () => "t" },
    );
    await expect(upi.refund({ id: "1", reference: "r" })).rejects.toMatchObject({
      code: "network",
      outcome: "unknown",
    });
    await expect(upi.getTransaction("1")).rejects.toMatchObject({ code: "network", outcome: "failed" });
  });
});

describe("server token", () => {
  it("is stored encrypted with its expiry and reused", async () => {
    const tokens = newManager();
    const upi = createUpiClient(config, tokens);
    await upi.vaultList();
    await upi.vaultList();
    expect(tokens.renewals).toBe(1);
    const stored = await readSecret(SECRET_NAMES.accessToken);
    expect(stored?.meta).toMatchObject({
      type: "server",
      expiry: expect.any(Number),
      permission: expect.arrayContaining(["refund"]),
    });
  });

  it("asks for a new token before expiry; answered with the same one (as the real service does), keeps it to its last seconds", async () => {
    let offset = 0;
    const tokens = newManager({ now: () => Math.floor(Date.now() / 1000) + offset });
    const first = await tokens.get();
    offset = 24 * 3600 - 200; // inside the 5-minute renewal margin
    await control("/__sandbox/clock/advance", { seconds: offset });
    expect(await tokens.get()).toBe(first);
    expect(tokens.renewals).toBe(2);
    // No request for a new token on every call meanwhile.
    for (let i = 0; i < 5; i++) expect(await tokens.get()).toBe(first);
    expect(tokens.renewals).toBe(2);
    // In its last seconds it is no longer used; the service, its clock past expiry too, issues another.
    offset = 24 * 3600 - 2;
    await control("/__sandbox/clock/advance", { seconds: 200 });
    const next = await tokens.get();
    expect(next).not.toBe(first);
    expect(tokens.renewals).toBe(3);
  });

  it("is renewed once and the call retried once on 4010", async () => {
    const tokens = newManager();
    const upi = createUpiClient(config, tokens);
    await upi.vaultList();
    await control("/__sandbox/clock/advance", { seconds: 24 * 3600 + 10 }); // the sandbox now deems it expired
    expect(Array.isArray(await upi.vaultList())).toBe(true);
    expect(tokens.renewals).toBe(2);
    // a 4010 that persists is reported, not retried for ever
    await control("/__sandbox/faults", { fault: "error=4010", path_prefix: "/v1/vault", count: 5 });
    await expect(upi.vaultList()).rejects.toMatchObject({ code: "4010" });
    expect(tokens.renewals).toBe(3);
  });

  it("an HTTP 401 without code 4010 (a proxy's bare answer) renews once and retries once, money calls too", async () => {
    const tokens = newManager();
    const upi = createUpiClient(config, tokens);
    const charge = await upi.createCharge({
      transaction: { reference: ref("c"), amount: 1000, currency: "USD" },
      payment: { method: "card", data: card },
    });
    const renewals = tokens.renewals;
    await control("/__sandbox/faults", { fault: "http=401", path_prefix: "/v1/captures", count: 1 });
    expect(await upi.capture({ id: charge.id, reference: ref("cap"), transaction_amount: 400 })).toMatchObject({
      amount: 400,
    });
    expect(tokens.renewals).toBe(renewals + 1);
    await control("/__sandbox/faults", { fault: "http=401", path_prefix: "/v1/vault", count: 2 });
    await expect(upi.vaultList()).rejects.toMatchObject({ httpStatus: 401 });
    expect(tokens.renewals).toBe(renewals + 2);
  });

  it("twenty concurrent calls at expiry, across two instances, cause one renewal", async () => {
    // Every token the service issued so far (earlier tests moved its clock) has expired there.
    await control("/__sandbox/clock/advance", { seconds: 4 * 24 * 3600 });
    const before = issuedTokens();
    const a = createUpiClient(config, newManager());
    const b = createUpiClient(config, newManager());
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).vaultList()));
    expect(results).toHaveLength(20);
    expect(issuedTokens() - before).toBe(1);
  });

  it("says so when no private key is set", async () => {
    await db.secret.deleteMany();
    await expect(newManager().get()).rejects.toMatchObject({ code: "not_configured" });
  });
});

describe("secrets at rest", () => {
  it("a tampered ciphertext or one moved to another row fails to decrypt", async () => {
    await writeSecret(SECRET_NAMES.customsToken, "ct_secret_customs_value");
    await db.$executeRaw`UPDATE secrets SET ciphertext = set_byte(ciphertext, 0, get_byte(ciphertext, 0) # 1) WHERE name = 'upi.private_key'`;
    await expect(readSecret(SECRET_NAMES.privateKey)).rejects.toThrow(/tampered/);
    await writeSecret(SECRET_NAMES.privateKey, PRIVATE_KEY);
    await db.$executeRaw`UPDATE secrets SET ciphertext = p.ciphertext, iv = p.iv, tag = p.tag FROM secrets p WHERE secrets.name = 'customs.token' AND p.name = 'upi.private_key'`;
    await expect(readSecret(SECRET_NAMES.customsToken)).rejects.toThrow(/moved/);
  });

  it("a dump of the database holds no plaintext secret", async () => {
    const values = [PRIVATE_KEY, "ct_secret_customs_value", "whsec_plain_webhook_secret"];
    await writeSecret(SECRET_NAMES.customsToken, values[1]!);
    await writeSecret(SECRET_NAMES.webhookSecret, values[2]!);
    const token = await newManager().get();
    const tables = await db.$queryRaw<
      { tablename: string }[]
    >`SELECT tablename::text AS tablename FROM pg_tables WHERE schemaname = 'public'`;
    let dump = "";
    for (const { tablename } of tables) {
      const rows = await db.$queryRawUnsafe<{ row: string }[]>(
        `SELECT row_to_json(t)::text AS row FROM "${tablename}" t`,
      );
      dump += rows.map((r) => r.row).join("\n");
    }
    expect(dump).toContain("upi.private_key");
    for (const secret of [...values, token]) expect(dump).not.toContain(secret);
  });
});
