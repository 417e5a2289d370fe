import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { readSecret, SECRET_NAMES } from "@/lib/platform/secrets/store";
import { createUpiClient } from "./client";
import { card, config, control, issuedTokens, newManager, ref, setUpClientSandbox } from "@/test/upi-harness";

// Against the sandbox over HTTP and the real PostgreSQL that `npm test` starts.

setUpClientSandbox();

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
