import { readFileSync, readdirSync } from "node:fs";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { overrideConfigForTests } from "@/lib/platform/config";
import { db } from "@/lib/platform/db";
import { startSandbox, type Sandbox } from "@/sandbox/server";
import { SECRET_NAMES, writeSecret } from "@/lib/platform/secrets/store";
import { actorFor } from "@/lib/platform/auth/actor";
import { createChargeSchema } from "@/lib/charges/schemas";
import { createCharge } from "@/lib/charges/service";
import { stopBoss } from "@/lib/platform/jobs/boss";
import { containsPattern } from "@/lib/platform/api/list-params";
import { listTransactions } from "./query";
import { transactionFilterSchema } from "./filters";
import { amountCandidates, lastFourOf } from "./search";
import { ledgerRow } from "@/test/factories";
import { staffOf } from "@/test/staff";

// The transactions search finds what people type: fragments of references, consumer
// references and emails, a card's last four, an amount as money. Before issue 20 only
// whole ids and references matched.
const row = ledgerRow;
const refs = async (q: string, extra: Record<string, string> = {}) =>
  (await listTransactions({ ...transactionFilterSchema.parse({ q, ...extra }), timeZone: "UTC" })).rows
    .map((r) => r.reference)
    .sort();

describe("reading what was typed", () => {
  it("reads amounts in each currency's minor unit", () => {
    const find = (text: string, currency: string) =>
      amountCandidates(text)
        .filter((a) => (a.except ? !a.except.includes(currency) : a.currencies.includes(currency)))
        .map((a) => a.minor);
    expect(find("12.50", "USD")).toEqual([1250]);
    expect(find("12,50", "EUR")).toEqual([1250]);
    expect(find("1,250.00", "USD")).toEqual([125000]);
    expect(find("12.50", "JPY")).toEqual([]);
    expect(find("12", "JPY")).toEqual([12]);
    expect(find("12.5", "KWD")).toEqual([12500]);
    for (const bad of ["abc", "-5", "1e5", "12.50.1", "", "0"]) expect(amountCandidates(bad)).toEqual([]);
  });
  it("reads a card's last four however it is written", () => {
    expect(["4242", "*4242", "•••• 4242", " 4242 "].map(lastFourOf)).toEqual(["4242", "4242", "4242", "4242"]);
    expect(["424", "42424", "ab42"].map(lastFourOf)).toEqual([null, null, null]);
  });
  it("takes LIKE wildcards literally", () => {
    expect(containsPattern("50%_a\\b")).toBe("%50\\%\\_a\\\\b%");
  });
});

describe("transactions search", () => {
  beforeEach(async () => {
    await db.operation.deleteMany();
    await db.ledgerTransaction.deleteMany();
    await db.ledgerTransaction.createMany({
      data: [
        row({ reference: "ux-order-123", customerEmail: "Jane.Doe@Example.com", cardLast4: "4242" }),
        row({ reference: "other-1", consumerReference: "cust-778899", amount: 1250n }),
        row({ reference: "yen-1", amount: 1250n, currency: "JPY" }),
        row({ reference: "yen-2", amount: 12n, currency: "JPY" }),
        row({ reference: "50%off" }),
        row({ reference: "50xoff" }),
        row({ reference: "a_b-9" }),
        row({ reference: "axb-9" }),
        row({ reference: "back\\slash" }),
        row({ reference: "backxslash" }),
      ],
    });
  });

  it("finds a reference, consumer reference or email by a fragment, in any case", async () => {
    expect(await refs("ux-order")).toEqual(["ux-order-123"]);
    expect(await refs("UX-ORD")).toEqual(["ux-order-123"]);
    expect(await refs("778899")).toEqual(["other-1"]);
    expect(await refs("jane.doe")).toEqual(["ux-order-123"]);
    expect(await refs("jane.doe@example.com")).toEqual(["ux-order-123"]);
    expect(await refs("example.COM")).toEqual(["ux-order-123"]);
  });

  it("finds a card by its last four and a charge by its amount in its currency", async () => {
    expect(await refs("4242")).toEqual(["ux-order-123"]);
    expect(await refs("•••• 4242")).toEqual(["ux-order-123"]);
    expect(await refs("12.50")).toEqual(["other-1"]);
    expect(await refs("12,50")).toEqual(["other-1"]);
    expect(await refs("12")).toEqual(["yen-2"]);
    expect(await refs("12.50", { currency: "JPY" })).toEqual([]);
  });

  it("takes %, _ and \\ as the characters typed, not as wildcards", async () => {
    expect(await refs("50%o")).toEqual(["50%off"]);
    expect(await refs("a_b")).toEqual(["a_b-9"]);
    expect(await refs("k\\s")).toEqual(["back\\slash"]);
    expect(await refs("%%%")).toEqual([]);
    expect(await refs("___")).toEqual([]);
  });

  it("back-fills last four and email from what is already stored (the migration's UPDATEs)", async () => {
    const dir = readdirSync("prisma/migrations").find((d) => d.endsWith("_ledger_search_saved_views"))!;
    const sql = readFileSync(`prisma/migrations/${dir}/migration.sql`, "utf8");
    const updates = sql.split(";").filter((s) => /^\s*UPDATE/m.test(s.replace(/^\s*--.*$/gm, "")));
    expect(updates).toHaveLength(2);
    await db.ledgerTransaction.create({
      data: row({
        reference: "old-1",
        panMasked: "411111******1881",
        payload: { consumer: { email: "old@shop.test" } },
      }),
    });
    for (const u of updates) await db.$executeRawUnsafe(u);
    expect(await db.ledgerTransaction.findFirst({ where: { reference: "old-1" } })).toMatchObject({
      cardLast4: "1881",
      customerEmail: "old@shop.test",
    });
  });
});

describe("a console charge is searchable by what the console sent", () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ dataDir: null });
    overrideConfigForTests({ UPI_BASE_URL: sandbox.url, CUSTOMS_BASE_URL: sandbox.url });
    await db.secret.deleteMany();
    await writeSecret(SECRET_NAMES.privateKey, "sk_sandbox_default_private_key");
  });
  afterAll(async () => {
    await stopBoss();
    await sandbox.close();
  });

  it("stores the customer's email and the card's last four, never the pan", async () => {
    const actor = actorFor(
      staffOf({
        id: "00000000-0000-4000-8000-0000000000a1",
        email: "alice@example.com",
        name: "Alice",
        role: "finance",
      }),
      { ip: "127.0.0.1", userAgent: "vitest" },
    );
    const input = createChargeSchema.parse({
      reference: `ux-order-${Date.now()}`,
      amount: 4200,
      currency: "USD",
      method: "card",
      card: { pan: "4111111111111111", expiry: "12/30", cvv: "737" },
      consumer: { email: "buyer@shop.example", reference: "c-42" },
    });
    const { value } = await createCharge(input, `search-key-${Date.now()}`, actor);
    const stored = await db.ledgerTransaction.findUniqueOrThrow({ where: { id: value.id } });
    expect(stored).toMatchObject({ customerEmail: "buyer@shop.example", cardLast4: "1111" });
    expect(JSON.stringify(stored, (_, v) => (typeof v === "bigint" ? String(v) : v))).not.toContain("4111111111111111");
    expect(await refs("buyer@shop")).toEqual([input.reference]);
  });
});
