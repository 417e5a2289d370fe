import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { config } from "@/lib/platform/config";
import { db } from "@/lib/platform/db";
import { followPaymentLink } from "./follow";
import { markLinkFromNotification } from "./notification";

// Review finding 5: an allow_duplicates link shares its reference with another payment of the
// order, so a notification matched on the reference alone marked the link paid by that other
// payment. Such a link is matched on its own payment id, once known; until then its follow job's
// inquiry (by its own query token) settles it.

let pool: pg.Pool;
let n = 0;
const at = new Date("2026-03-04T05:06:07Z");

async function link(o: { allowDuplicates: boolean; transactionId?: string; kind?: string; expiresAt?: Date }) {
  const reference = `match-${Date.now()}-${++n}`;
  return db.paymentLink.create({
    data: {
      kind: o.kind ?? "hosted",
      expiresAt: o.expiresAt ?? null,
      vendor: "alipay",
      reference,
      amount: 10_000n,
      currency: "USD",
      url: `https://pay.example/${reference}`,
      status: "initiated",
      createdBy: "alice@example.com",
      asked: o.allowDuplicates ? { allow_duplicates: "yes" } : {},
      transactionId: o.transactionId ?? null,
    },
  });
}

const notify = (reference: string, transactionId: string) =>
  markLinkFromNotification(pool, { reference, transactionId, status: "succeeded", cnyFen: null, at });

beforeAll(() => {
  pool = new pg.Pool({ connectionString: config().databaseUrl, max: 1 });
});
afterAll(() => pool.end());

describe("a notification finds its payment link", () => {
  it("never pays an allow_duplicates link with another payment of its reference", async () => {
    const open = await link({ allowDuplicates: true });
    expect(await notify(open.reference, "other-payment")).toBe(false);
    expect(await db.paymentLink.findUniqueOrThrow({ where: { id: open.id } })).toMatchObject({
      status: "initiated",
      transactionId: null,
    });
  });

  it("pays an allow_duplicates link by its own payment id, and a plain link by its reference", async () => {
    const known = await link({ allowDuplicates: true, transactionId: "own-payment" });
    expect(await notify(known.reference, "other-payment")).toBe(false);
    expect(await notify(known.reference, "own-payment")).toBe(true);
    expect(await db.paymentLink.findUniqueOrThrow({ where: { id: known.id } })).toMatchObject({
      status: "succeeded",
      completedAt: at,
    });
    const plain = await link({ allowDuplicates: false });
    expect(await notify(plain.reference, "its-payment")).toBe(true);
    expect(await db.paymentLink.findUniqueOrThrow({ where: { id: plain.id } })).toMatchObject({
      status: "succeeded",
      transactionId: "its-payment",
    });
  });
});

// Review finding 6: a /payment/pay answer without an id left the link with nothing to ask, and
// at its end the follow job called it expired, though the customer may have paid it.
describe("a /payment/pay link the service gave no id", () => {
  it("ends unknown, not expired, and its notification still settles it", async () => {
    const noId = await link({ allowDuplicates: false, kind: "pay", expiresAt: new Date(Date.now() - 1000) });
    expect(await followPaymentLink(noId.id, { fresh: 0 })).toMatchObject({ status: "unknown", transactionId: null });
    expect(await notify(noId.reference, "its-payment")).toBe(true);
    expect(await db.paymentLink.findUniqueOrThrow({ where: { id: noId.id } })).toMatchObject({
      status: "succeeded",
      transactionId: "its-payment",
      completedAt: at,
    });
  });
});
