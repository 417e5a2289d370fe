import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { overrideConfigForTests } from "@/lib/platform/config";
import { db, inTransaction } from "@/lib/platform/db";
import { startSandbox, type Sandbox } from "@/sandbox/server";
import { SECRET_NAMES, writeSecret } from "@/lib/platform/secrets/store";
import { importById } from "@/lib/search/import";
import { getTransactionDetail, importTransaction, refreshTransaction } from "./service";
import { recordTransaction } from "./record";
import { getUpi } from "@/lib/upi";
import { actorFor } from "@/lib/platform/auth/actor";
import { listTransactions } from "./query";
import { transactionFilterSchema } from "./filters";
import { serverToken } from "@/sandbox/dev-client";
import { NotFound } from "@/lib/platform/errors";
import { said } from "@/lib/ledger/event-text";
import { presetOf, staffOf } from "@/test/staff";

let sandbox: Sandbox;
let token: string;
const actor = actorFor(
  staffOf({
    id: "00000000-0000-4000-8000-000000000009",
    email: "fin@example.com",
    name: "Fin",
    role: "finance" as const,
  }),
);
let n = 0;
const ref = (p: string) => `${p}-${Date.now()}-${++n}`;

async function upi(method: string, path: string, body?: unknown) {
  const res = await fetch(`${sandbox.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: body ? JSON.stringify(body) : undefined,
  });
  return (await res.json()).data;
}
const charge = (
  o: { amount?: number; currency?: string; method?: string; reference?: string; auto_capture?: boolean } = {},
) =>
  upi("POST", "/v1/charges", {
    transaction: {
      reference: o.reference ?? ref("order"),
      amount: o.amount ?? 1000,
      currency: o.currency ?? "USD",
      country: "US",
      auto_capture: o.auto_capture ?? false,
    },
    payment: {
      method: o.method ?? "card",
      ...((o.method ?? "card") === "card" ? { data: { pan: "4111111111111111", expiry: "12/30", cvv: "123" } } : {}),
    },
  });
const list = (q: Record<string, string>) => listTransactions({ ...transactionFilterSchema.parse(q), timeZone: "UTC" });

beforeAll(async () => {
  sandbox = await startSandbox({ dataDir: null });
  overrideConfigForTests({ UPI_BASE_URL: sandbox.url, CUSTOMS_BASE_URL: sandbox.url });
  token = await serverToken(sandbox.url);
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  await db.operation.deleteMany();
  await db.ledgerTransaction.deleteMany();
  await db.secret.deleteMany();
  await writeSecret(SECRET_NAMES.privateKey, "sk_sandbox_default_private_key");
  await writeSecret(SECRET_NAMES.customsToken, "ct_sandbox_default");
});

describe("ledger", () => {
  it("imports a charge with its captures and refunds, amounts and timeline, and never a full pan", async () => {
    const c = await charge({ amount: 10_000 });
    await upi("POST", "/v1/captures", { id: c.id, reference: ref("cap"), transaction_amount: 8000 });
    await upi("POST", "/v1/refunds", { id: c.id, reference: ref("r"), amount: 3000 });
    const detail = await importTransaction(c.id, actor);
    expect(detail).toMatchObject({
      id: c.id,
      type: "charge",
      status: "succeeded",
      amount: 10_000,
      amountCaptured: 8000,
      amountRefunded: 3000,
      remainingToCapture: 0,
      remainingToRefund: 5000,
      currency: "USD",
      panMasked: "411111******1111",
      paymentType: "visa",
      source: "import",
    });
    expect(detail.children.map((x) => `${x.type}:${x.amount}`)).toEqual(["capture:8000", "refund:3000"]);
    expect(detail.events.map((e) => e.summary)).toEqual(["Imported by fin@example.com"]);
    const stored = await db.$queryRaw<{ t: string }[]>`SELECT row_to_json(l)::text AS t FROM ledger_transactions l`;
    expect(stored.map((s) => s.t).join()).not.toContain("4111111111111111");
  });

  it("lists a capture before the refund of it made in the same second, whichever row the database holds first", async () => {
    const c = await charge({ amount: 10_000 });
    await upi("POST", "/v1/captures", { id: c.id, reference: ref("cap"), transaction_amount: 8000 });
    await upi("POST", "/v1/refunds", { id: c.id, reference: ref("r"), amount: 3000 });
    await importTransaction(c.id, actor);
    // The provider's times are whole seconds: both children carry the same one, the refund stored first.
    const children = await db.ledgerTransaction.findMany({ where: { parentId: c.id } });
    const second = children[0]?.timeCreated ?? new Date();
    await db.ledgerTransaction.deleteMany({ where: { parentId: c.id } });
    for (const type of ["refund", "capture"])
      for (const { payload, installments, ...row } of children.filter((x) => x.type === type))
        await db.ledgerTransaction.create({
          data: { ...row, timeCreated: second, payload: payload as object, installments: installments ?? undefined },
        });
    const detail = await getTransactionDetail(c.id, presetOf("finance"));
    expect(detail.children.map((x) => `${x.type}:${x.amount}`)).toEqual(["capture:8000", "refund:3000"]);
  });

  it("keeps the CNY amount of wallet payments from the payment inquiry", async () => {
    const c = await charge({ method: "alipay", amount: 10_000, currency: "USD", auto_capture: true });
    await fetch(`${sandbox.url}/__sandbox/payments/${c.id}/complete`, { method: "POST" });
    expect((await importTransaction(c.id, actor)).cnyAmount).toBe(71_000);
    const cny = await charge({ amount: 5000, currency: "CNY" });
    expect((await importTransaction(cny.id, actor)).cnyAmount).toBe(5000);
  });

  it("refreshes a row from an inquiry and adds it to the timeline", async () => {
    const c = await charge();
    await importTransaction(c.id, actor);
    await upi("POST", "/v1/cancels", { id: c.id, reference: ref("x") });
    const after = await refreshTransaction(c.id, actor);
    expect(after.status).toBe("canceled");
    expect(after.events).toHaveLength(2);
    await expect(refreshTransaction("999999", actor)).rejects.toBeInstanceOf(NotFound);
  });

  it("never moves a row back when an older answer arrives after a newer one", async () => {
    const c = await charge({ amount: 10_000 });
    const stale = await (await getUpi()).getTransaction(c.id); // authorized, nothing captured
    await upi("POST", "/v1/captures", { id: c.id, reference: ref("cap"), transaction_amount: 8000 });
    await upi("POST", "/v1/refunds", { id: c.id, reference: ref("r"), amount: 3000 });
    await importTransaction(c.id, actor);
    // The earlier inquiry's answer is written last (it travelled slower than the capture's news).
    await inTransaction((tx) =>
      recordTransaction(stale, { source: "inquiry", summary: said("refreshed", { actor: "test" }) }, tx),
    );
    const row = await db.ledgerTransaction.findUniqueOrThrow({ where: { id: c.id } });
    expect(row).toMatchObject({ status: "succeeded", amountCaptured: 8000n, amountRefunded: 3000n });
    expect(row.timeCaptured).not.toBeNull();
    expect(row.amountAuthorizedRemaining ?? 0n).toBe(0n);
  });

  it("says clearly when the service does not know the id", async () => {
    await expect(importTransaction("no-such-id", actor)).rejects.toMatchObject({ code: "4103" });
    expect(await db.ledgerTransaction.count()).toBe(0);
  });

  it("importing a chargeback id or a vault token says what it is, or imports what it can", async () => {
    const c = await charge({ auto_capture: true });
    const control = (path: string, body: unknown) =>
      fetch(`${sandbox.url}${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      }).then((r) => r.json());
    const chargeback = await control("/__sandbox/chargebacks", { charge_id: c.id });
    // Spec-only, the chargeback names no charge: a clear refusal, nothing half-written.
    await expect(importById(chargeback.id, actor)).rejects.toMatchObject({
      name: "Invalid",
      rule: "chargeback_without_charge",
      message: expect.stringContaining("is a chargeback of $10.00"),
    });
    expect(await db.ledgerTransaction.count()).toBe(0);
    // When the answer names its charge, the charge comes in with the chargeback.
    sandbox.store.extensions = true;
    try {
      expect(await importById(chargeback.id, actor)).toEqual({
        kind: "transaction",
        id: c.id,
        href: `/transactions/${c.id}`,
      });
      expect(await db.chargeback.findUnique({ where: { id: chargeback.id } })).toMatchObject({ chargeId: c.id });
    } finally {
      sandbox.store.extensions = false;
    }
    const vault = await upi("POST", "/v1/vault", {
      reference: ref("v"),
      payment: { method: "card", data: { pan: "4111111111111111", expiry: "12/30", cvv: "123" } },
    });
    expect(await importById(vault.token, actor)).toEqual({
      kind: "vault",
      id: vault.token,
      href: `/vault/${vault.token}`,
    });
    expect(await db.vaultToken.findUnique({ where: { token: vault.token } })).toMatchObject({ status: "active" });
    await expect(importById("no-such-id", actor)).rejects.toMatchObject({ code: "4103" });
  });

  it("pages with a keyset cursor, filters and sorts", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 23; i++) {
      const c = await charge({ amount: 100 + i, currency: i % 2 ? "EUR" : "USD" });
      await importTransaction(c.id, actor);
      ids.push(c.id);
    }
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await list({ limit: "10", ...(cursor ? { cursor } : {}) });
      seen.push(...page.rows.map((r) => r.id));
      cursor = page.nextCursor ?? undefined;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(23);
    expect([...seen].sort()).toEqual([...ids].sort());

    const eur = await list({ currency: "EUR", limit: "50" });
    expect(eur.rows).toHaveLength(11);
    expect(eur.rows.every((r) => r.currency === "EUR")).toBe(true);
    const byAmount = await list({ sort: "amount", dir: "asc", limit: "5" });
    expect(byAmount.rows.map((r) => r.amount)).toEqual([100, 101, 102, 103, 104]);
    const next = await list({ sort: "amount", dir: "asc", limit: "5", cursor: byAmount.nextCursor! });
    expect(next.rows.map((r) => r.amount)).toEqual([105, 106, 107, 108, 109]);
    const ranged = await list({ amountMin: "110", amountMax: "112" });
    expect(ranged.rows.map((r) => r.amount).sort()).toEqual([110, 111, 112]);
    const one = await list({ q: ids[5]! });
    expect(one.rows.map((r) => r.id)).toEqual([ids[5]]);
    expect((await list({ status: "authorized,bogus" })).rows).toHaveLength(23);
    expect((await list({ status: "canceled" })).rows).toHaveLength(0);
  });

  it("treats bad filter values as absent instead of failing", () => {
    expect(
      transactionFilterSchema.parse({ limit: "9999", sort: "nope", currency: "usd", from: "yesterday", cursor: "x" }),
    ).toMatchObject({
      limit: 50,
      sort: "time",
      currency: undefined,
      from: undefined,
    });
  });
});
