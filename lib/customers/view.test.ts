import { beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { db, pool } from "@/lib/platform/db";
import { getCustomer, referencesForEmail } from "./view";
import { presetOf } from "@/test/staff";

// One consumer across the ledger, chargebacks, stored cards and declarations, with lifetime
// totals per currency; each kind of record only for roles that may read it.

const run = randomUUID().slice(0, 8);
const ref = `CUST-${run}`;
const tx = (
  id: string,
  o: { type?: string; status?: string; amount: number; currency?: string; parent?: string; consumer?: string | null },
) =>
  pool.query(
    `INSERT INTO ledger_transactions (id, type, status, amount, amount_captured, currency, parent_id, consumer_reference, time_created, payload, source, updated_at)
     VALUES ($1, $2::"TransactionType", $3, $4, $5, $6, $7, $8, now(), '{}', 'import', now())`,
    [
      id,
      o.type ?? "charge",
      o.status ?? "succeeded",
      o.amount,
      (o.type ?? "charge") === "charge" ? o.amount : null,
      o.currency ?? "USD",
      o.parent ?? null,
      o.consumer === undefined ? ref : o.consumer,
    ],
  );

beforeAll(async () => {
  await tx(`ch1_${run}`, { amount: 5000 });
  await tx(`ch2_${run}`, { amount: 2000 });
  await tx(`ch3_${run}`, { amount: 100_000, currency: "JPY" });
  await tx(`ch4_${run}`, { amount: 999, consumer: "SOMEONE-ELSE" });
  await tx(`rf1_${run}`, { type: "refund", amount: 1500, parent: `ch1_${run}`, consumer: null });
  await tx(`rf2_${run}`, { type: "refund", status: "failed", amount: 700, parent: `ch2_${run}`, consumer: null });
  await pool.query(
    `INSERT INTO chargebacks (id, charge_id, amount, currency, status, outcome, opened_at, last_change_at, updated_at)
     VALUES ($1, $2, 2000, 'USD', 'Case Closed', 'Lost', now(), now(), now())`,
    [`cb_${run}`, `ch2_${run}`],
  );
  await db.vaultToken.create({
    data: {
      token: `tok_${run}`,
      status: "active",
      source: "add",
      panMasked: "411111******1111",
      consumerReference: ref,
      consumerEmail: `Ada.${run}@Example.com`,
    },
  });
  await db.customsDeclaration.create({
    data: {
      idempotencyKey: `k-${run}`,
      transactionId: `ch1_${run}`,
      reference: `ORD-${run}`,
      vendor: "alipay",
      paymentType: "alipay",
      merchantCustomsCode: "C1",
      merchantCustomsName: "N",
      customsLocation: "HANGZHOU",
      isSplit: false,
      source: "form",
      createdBy: "ops@example.com",
      createdById: randomUUID(),
    },
  });
});

describe("customer view", () => {
  it("shows a manager every record of the consumer and the lifetime totals per currency", async () => {
    const c = await getCustomer(ref, presetOf("manager"));
    expect(c.charges.map((t) => t.id).sort()).toEqual([`ch1_${run}`, `ch2_${run}`, `ch3_${run}`]);
    expect(c.refunds.map((r) => r.id).sort()).toEqual([`rf1_${run}`, `rf2_${run}`]);
    expect(c.chargebacks?.map((b) => b.id)).toEqual([`cb_${run}`]);
    expect(c.cards?.map((v) => v.token)).toEqual([`tok_${run}`]);
    expect(c.declarations?.map((d) => d.reference)).toEqual([`ORD-${run}`]);
    expect(c.byCurrency).toEqual([
      { currency: "JPY", charges: 1, captured: 100_000, refunded: 0, net: 100_000, disputed: 0, chargebacks: 0 },
      // A failed refund counts for nothing; a lost chargeback comes off the net.
      { currency: "USD", charges: 2, captured: 7000, refunded: 1500, net: 3500, disputed: 2000, chargebacks: 1 },
    ]);
    expect(c).toMatchObject({ chargeCount: 3, chargebackCount: 1, chargebackRatio: 1 / 3 });
  });

  it.each([
    ["ops", { chargebacks: false, cards: false, declarations: true }],
    ["finance", { chargebacks: true, cards: true, declarations: false }],
    ["admin", { chargebacks: false, cards: true, declarations: true }],
  ] as const)("shows %s only the kinds of record its role may read", async (role, shown) => {
    const c = await getCustomer(ref, presetOf(role));
    expect({
      chargebacks: c.chargebacks !== null,
      cards: c.cards !== null,
      declarations: c.declarations !== null,
    }).toEqual(shown);
    expect(c.charges).toHaveLength(3);
  });

  it("answers the newest few of each kind when asked, and says which kinds have more", async () => {
    const c = await getCustomer(ref, presetOf("manager"), 1);
    expect(c.charges.map((t) => t.id)).toEqual([`ch3_${run}`]);
    expect(c.refunds).toHaveLength(1);
    // The refunds are those of the newest charges the API answers, not only of the one shown.
    expect(c.more).toEqual({ refunds: true, chargebacks: false, cards: false, declarations: false });
    expect(c).toMatchObject({ chargeCount: 3, chargebackCount: 1 });
    expect((await getCustomer(ref, presetOf("manager"))).more).toEqual({
      refunds: false,
      chargebacks: false,
      cards: false,
      declarations: false,
    });
  });

  it("knows no customer without a charge or a stored card", async () => {
    await expect(getCustomer(`NOBODY-${run}`, presetOf("manager"))).rejects.toMatchObject({ name: "NotFound" });
  });

  it("finds the consumer by the email a stored card recorded, whatever its case", async () => {
    expect(await referencesForEmail(`ada.${run}@example.com`)).toEqual([ref]);
    expect(await referencesForEmail(`nobody.${run}@example.com`)).toEqual([]);
  });
});
