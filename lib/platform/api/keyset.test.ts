import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { overrideConfigForTests } from "@/lib/platform/config";
import { db } from "@/lib/platform/db";
import { decodeCursor, encodeCursor, everyPage } from "@/lib/platform/api/keyset";
import { isIsoInstant } from "@/lib/platform/api/list-params";
import { pageChargebacks } from "@/lib/chargebacks/query";
import { chargebackFilterSchema } from "@/lib/chargebacks/schemas";
import { declarationFilterSchema } from "@/lib/declarations/schemas";
import { pageDeclarations } from "@/lib/declarations/view";
import { pageOperations } from "@/lib/operations/view";
import { pagePaymentLinks } from "@/lib/payment-links/service";
import { vaultFilterSchema } from "@/lib/vault/schemas";
import { listVault } from "@/lib/vault/list";
import { declarationRow, ledgerRow } from "@/test/factories";

// Every list a person pages through reaches its last row: before, the chargebacks list
// stopped at the 50 newest, customs at 200, the vault at 500, payment links at 50 and the
// operations at 200, with nothing to reach the others. Rows written in the same millisecond
// (a bulk file, a burst of notifications) are told apart by id, so none repeats or hides.
const run = randomUUID().slice(0, 8);
const SAME_TIME = new Date("2026-11-20T08:00:00.000Z");

beforeAll(() => overrideConfigForTests({ UPI_BASE_URL: "http://127.0.0.1:9", CUSTOMS_BASE_URL: "http://127.0.0.1:9" }));

/** Every page's rows, in order, and how many pages it took. */
async function walk<T>(read: (cursor: string | undefined) => Promise<{ rows: T[]; nextCursor: string | null }>) {
  const rows: T[] = [];
  let pages = 0;
  for await (const row of everyPage(async (cursor) => {
    pages++;
    return read(cursor);
  }))
    rows.push(row);
  return { rows, pages };
}

describe("the cursor", () => {
  it("round-trips the last row's time and id, and anything else is the first page", () => {
    const cursor = encodeCursor("2026-11-20T08:00:00.000Z", "cb_1");
    expect(decodeCursor(cursor, isIsoInstant)).toEqual(["2026-11-20T08:00:00.000Z", "cb_1"]);
    for (const foreign of [
      "not-base64-json",
      Buffer.from(JSON.stringify(["yesterday", "cb_1"])).toString("base64url"),
      Buffer.from(JSON.stringify(["2026-11-20T08:00:00.000Z", 7])).toString("base64url"),
      Buffer.from(JSON.stringify(["2026-11-20T08:00:00.000Z", "a\u0000b"])).toString("base64url"),
      Buffer.from(JSON.stringify(["2026-11-20T08:00:00.000Z", "x".repeat(501)])).toString("base64url"),
    ])
      expect(decodeCursor(foreign, isIsoInstant), foreign).toBeNull();
  });
});

describe("every list pages to its end", () => {
  it("chargebacks: all 60 of one charge, 50 of them opened in the same millisecond", async () => {
    const chargeId = `kp-charge-${run}`;
    await db.chargeback.createMany({
      data: Array.from({ length: 60 }, (_, i) => ({
        id: `kp-cb-${run}-${String(i).padStart(2, "0")}`,
        chargeId,
        amount: 100n + BigInt(i),
        currency: "USD",
        status: "Notification of Claim",
        openedAt: i < 50 ? SAME_TIME : new Date(SAME_TIME.getTime() - i * 1000),
        lastChangeAt: SAME_TIME,
      })),
    });
    const { rows, pages } = await walk(async (cursor) =>
      pageChargebacks({ ...chargebackFilterSchema.parse({ q: chargeId, limit: "25" }), cursor }),
    );
    expect(pages).toBe(3);
    const ids = rows.map((r) => r.id);
    expect(new Set(ids).size).toBe(60);
    // Newest opened first; within one millisecond, the highest id first.
    expect(ids.slice(0, 2)).toEqual([`kp-cb-${run}-49`, `kp-cb-${run}-48`]);
    expect(ids.at(-1)).toBe(`kp-cb-${run}-59`);
  });

  it("customs: past the 200 the list used to stop at, and a declaration filed meanwhile neither repeats nor hides one", async () => {
    await db.customsDeclaration.createMany({
      data: Array.from({ length: 230 }, (_, i) => ({ ...declarationRow(`kp-${run}-${i}`), createdAt: SAME_TIME })),
    });
    const q = `kp-${run}-`;
    const first = await pageDeclarations(declarationFilterSchema.parse({ q, limit: "200" }));
    expect(first.rows).toHaveLength(200);
    expect(first.nextCursor).not.toBeNull();
    // A new declaration arrives while the person reads the first page.
    await db.customsDeclaration.create({ data: declarationRow(`kp-${run}-new`) });
    const second = await pageDeclarations({
      ...declarationFilterSchema.parse({ q, limit: "200" }),
      cursor: first.nextCursor!,
    });
    expect(second.nextCursor).toBeNull();
    const refs = [...first.rows, ...second.rows].map((d) => d.reference);
    expect(refs).toHaveLength(230);
    expect(new Set(refs).size).toBe(230);
    expect(refs).not.toContain(`kp-${run}-new`);
  });

  it("operations: each of a burst written in one millisecond once, in (time, id) order", async () => {
    const charge = await db.ledgerTransaction.create({ data: ledgerRow({ amountCaptured: 999n }) });
    const mine: string[] = Array.from({ length: 7 }, () => randomUUID());
    await db.operation.createMany({
      data: mine.map((id) => ({
        id,
        kind: "refund" as const,
        transactionId: charge.id,
        reference: `kp-op-${id}`,
        idempotencyKey: id,
        requestHash: "h",
        amount: 10n,
        currency: "USD",
        status: "failed" as const,
        requestedById: randomUUID(),
        requestedByEmail: "finance@example.com",
        createdAt: SAME_TIME,
      })),
    });
    const { rows } = await walk((cursor) => pageOperations({ cursor, limit: 3 }));
    const ids = rows.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => mine.includes(id))).toEqual([...mine].sort().reverse());
  });

  it("payment links and the vault: every row once", async () => {
    const links: string[] = Array.from({ length: 5 }, () => randomUUID());
    await db.paymentLink.createMany({
      data: links.map((id) => ({
        id,
        kind: "hosted",
        vendor: "alipay",
        reference: `kp-link-${id}`,
        amount: 100n,
        currency: "CNY",
        url: "https://pay.example/x",
        status: "initiated",
        createdBy: "finance@example.com",
        createdAt: SAME_TIME,
      })),
    });
    const { rows } = await walk(async (cursor) => {
      const page = await pagePaymentLinks({ cursor, limit: 2 });
      return { rows: page.links, nextCursor: page.nextCursor };
    });
    const ids = rows.map((l) => l.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => links.includes(id))).toEqual([...links].sort().reverse());

    await db.vaultToken.createMany({
      data: Array.from({ length: 5 }, (_, i) => ({
        token: `kp-tok-${run}-${i}`,
        status: "active",
        source: "add",
        consumerReference: `KP-${run}`,
        createdAt: SAME_TIME,
      })),
    });
    const cards = await walk(async (cursor) => {
      const page = await listVault({ ...vaultFilterSchema.parse({ q: `kp-${run}`, limit: "2" }), cursor });
      return { rows: page.tokens, nextCursor: page.nextCursor };
    });
    expect(cards.pages).toBe(3);
    expect(cards.rows.map((t) => t.token)).toEqual([4, 3, 2, 1, 0].map((i) => `kp-tok-${run}-${i}`));
  });
});

describe("a cursor the lists cannot use", () => {
  // Before: an id that is not a uuid reached the uuid columns, and a year-0 time reached
  // PostgreSQL (which has no year 0): both were 500s. Now both are the first page.
  const foreign = [
    encodeCursor("2026-11-20T08:00:00.000Z", "not-a-uuid"),
    encodeCursor("0000-01-01T00:00:00.000Z", randomUUID()),
    encodeCursor("0000-01-01T00:00:00.000Z", "cb_1"),
  ];
  // ...and the page says so: it was labelled "N older … on this page" while showing the newest.
  // (A text id is foreign only to the lists keyed by uuid: chargeback and token ids are text.)
  it.each([...foreign.slice(1), "not even base64 JSON"])(
    "is the first page of every list, not an older one (%s)",
    async (cursor) => {
      const pages = await Promise.all([
        pageOperations({ cursor, limit: 5 }),
        pageDeclarations({ ...declarationFilterSchema.parse({}), cursor }),
        pageChargebacks({ ...chargebackFilterSchema.parse({}), cursor }),
        listVault({ ...vaultFilterSchema.parse({}), cursor }),
      ]);
      expect(pages.map((p) => p.older)).toEqual([false, false, false, false]);
      await expect(pagePaymentLinks({ cursor, limit: 5 })).resolves.toBeTruthy();
    },
  );

  it("a cursor the list gave is an older page", async () => {
    const cursor = encodeCursor("2026-11-20T08:00:00.000Z", randomUUID());
    expect((await pageOperations({ cursor, limit: 5 })).older).toBe(true);
    expect((await pageChargebacks({ ...chargebackFilterSchema.parse({}), cursor })).older).toBe(true);
    const textId = foreign[0]!;
    expect((await pageOperations({ cursor: textId, limit: 5 })).older).toBe(false);
    expect((await pageChargebacks({ ...chargebackFilterSchema.parse({}), cursor: textId })).older).toBe(true);
  });

  it("a vault search with a NUL byte is no search, not an error", async () => {
    await expect(listVault(vaultFilterSchema.parse({ q: "a\u0000b", brand: "\u0000" }))).resolves.toBeTruthy();
  });

  it("an export stops with an error when a page's cursor does not move, instead of repeating it for ever", async () => {
    const stuck = everyPage(async () => ({ rows: [1], nextCursor: "same" }));
    await expect(
      (async () => {
        for await (const _ of stuck);
      })(),
    ).rejects.toThrow("did not move");
  });
});

describe("customs filters", () => {
  it("the sending state and the Customs status both apply (the second replaced the first before)", async () => {
    const [a, b] = await Promise.all(
      ["a", "b"].map((k) => db.customsDeclaration.create({ data: declarationRow(`kp-${run}-both-${k}`) })),
    );
    await db.customsSubOrder.createMany({
      data: [
        { declarationId: a!.id, subOrderNo: "1", state: "failed", customsStatus: "EXCEPT" },
        { declarationId: b!.id, subOrderNo: "1", state: "submitted", customsStatus: "EXCEPT" },
      ],
    });
    const page = await pageDeclarations(
      declarationFilterSchema.parse({ q: `kp-${run}-both`, state: "failed", customsStatus: "EXCEPT" }),
    );
    expect(page.rows.map((d) => d.reference)).toEqual([`kp-${run}-both-a`]);
  });
});
