import { beforeEach, describe, expect, it } from "vitest";
import { pool } from "@/lib/platform/db";
import { transactionFilterSchema } from "./filters";
import { summarizeTransactions } from "./summary";
import { foldRollup } from "./rollup";
import { listTransactions } from "./query";

const insert = (
  id: string,
  amount: number,
  currency: string,
  status = "succeeded",
  o: { type?: string; captured?: number | null; parent?: string; remaining?: number; refunded?: number } = {},
) =>
  pool.query(
    `INSERT INTO ledger_transactions (id, type, status, amount, currency, time_created, payload, source, updated_at,
                                      amount_captured, parent_id, amount_authorized_remaining, amount_refunded)
     VALUES ($1, $5::"TransactionType", $2, $3, $4, now(), '{}', 'test', now(), $6, $7, $8, $9)`,
    [
      id,
      status,
      amount,
      currency,
      o.type ?? "charge",
      o.captured === undefined ? (status === "succeeded" ? amount : null) : o.captured,
      o.parent ?? null,
      o.remaining ?? null,
      o.refunded ?? null,
    ],
  );
const summary = (q: Record<string, string>) =>
  summarizeTransactions({ ...transactionFilterSchema.parse(q), timeZone: "UTC" });

describe("summarizeTransactions", () => {
  beforeEach(async () => {
    // TRUNCATE: the kept totals follow it (their truncate triggers), without a trigger per row removed.
    await pool.query("TRUNCATE ledger_transactions, operations, ledger_events CASCADE");
    await insert("sum-1", 1000, "USD");
    await insert("sum-2", 250, "USD", "failed");
    await insert("sum-3", 500, "JPY");
  }, 60_000);

  it("counts the filtered set and totals what it nets per currency (a failed charge adds nothing)", async () => {
    expect(await summary({})).toEqual({
      count: 3,
      more: false,
      basis: "net",
      authorized: [],
      totals: [
        { currency: "JPY", amount: 500 },
        { currency: "USD", amount: 1000 },
      ],
    });
    expect(await summary({ status: "succeeded", currency: "USD" })).toMatchObject({
      count: 1,
      totals: [{ currency: "USD", amount: 1000 }],
    });
  });

  it("counts and totals one customer's rows by the exact consumer reference, as the list shows them", async () => {
    await pool.query(
      "UPDATE ledger_transactions SET consumer_reference = CASE id WHEN 'sum-3' THEN 'cust-10' ELSE 'cust-1' END",
    );
    await insert("sum-4", 700, "USD");
    expect(await summary({ customer: "cust-1" })).toMatchObject({
      count: 2,
      basis: "net",
      totals: [{ currency: "USD", amount: 1000 }],
    });
    // Exactly that reference: neither a fragment of another nor another's case.
    expect(await summary({ customer: "cust" })).toMatchObject({ count: 0, totals: [] });
    expect(await summary({ customer: "CUST-1" })).toMatchObject({ count: 0 });
    const page = await listTransactions({ ...transactionFilterSchema.parse({ customer: "cust-1" }), timeZone: "UTC" });
    expect(page.rows.map((r) => r.id).sort()).toEqual(["sum-1", "sum-2"]);
    expect((await summary({ customer: "cust-1", status: "succeeded" })).count).toBe(1);
  });

  it("nets captured − refunded by the home page's rule: captures, cancels, canceled and unpaid charges add nothing; authorized apart", async () => {
    await pool.query("DELETE FROM ledger_transactions");
    // Issue 33, journey 4: "Total $412.33" added every row's amount.
    // Partly captured, partly refunded: the charge's refunded amount is raised by every writer of its refunds.
    await insert("net-charge", 20_000, "USD", "succeeded", { captured: 15_000, refunded: 4_000 });
    await insert("net-capture", 15_000, "USD", "succeeded", { type: "capture", parent: "net-charge" });
    await insert("net-refund", 4_000, "USD", "succeeded", { type: "refund", parent: "net-charge" });
    await insert("net-refund-failed", 1_000, "USD", "failed", { type: "refund", parent: "net-charge" });
    await insert("net-canceled", 3_333, "USD", "canceled");
    await insert("net-cancel", 3_333, "USD", "succeeded", { type: "cancel", parent: "net-canceled", captured: null });
    await insert("net-unpaid", 900, "USD", "initiated");
    await insert("net-authorized", 2_500, "USD", "authorized", { captured: null, remaining: 2_500 });
    expect(await summary({})).toEqual({
      count: 8,
      more: false,
      basis: "net",
      totals: [{ currency: "USD", amount: 11_000 }],
      authorized: [{ currency: "USD", amount: 2_500 }],
    });
  });

  it("nets each matching charge whatever rows the filter leaves out; refunds alone total what they refunded (issue 48, item 13)", async () => {
    await pool.query("TRUNCATE ledger_transactions CASCADE");
    // Twelve charges of $4.50, each refunded in full: the charges alone netted $54.00 before.
    for (let i = 0; i < 12; i++) {
      await insert(`full-${i}`, 450, "USD", "succeeded", { refunded: 450 });
      await insert(`full-${i}-r`, 450, "USD", "succeeded", { type: "refund", parent: `full-${i}` });
    }
    await insert("kept", 1_000, "USD", "succeeded", { refunded: 300 });
    await insert("kept-r", 300, "USD", "succeeded", { type: "refund", parent: "kept" });
    await insert("kept-c", 1_000, "USD", "succeeded", { type: "capture", parent: "kept" });
    const expectations = async () => {
      expect(await summary({ type: "charge" })).toMatchObject({
        count: 13,
        basis: "net",
        totals: [{ currency: "USD", amount: 700 }],
      });
      expect(await summary({})).toMatchObject({ count: 27, basis: "net", totals: [{ currency: "USD", amount: 700 }] });
      expect(await summary({ currency: "USD" })).toMatchObject({
        basis: "net",
        totals: [{ currency: "USD", amount: 700 }],
      });
      expect(await summary({ type: "refund" })).toMatchObject({
        count: 13,
        basis: "refunded",
        totals: [{ currency: "USD", amount: 5_700 }],
      });
      // Captures alone: no charge to net, nothing refunded: a count and no figure.
      expect(await summary({ type: "capture" })).toMatchObject({ count: 1, totals: [] });
      // Counted from the rows (amount bounds are not kept), the same rule: the twelve alone net 0.
      const bounded = { ...transactionFilterSchema.parse({ type: "charge" }), amountMin: 400, amountMax: 500 };
      expect(await summarizeTransactions({ ...bounded, timeZone: "UTC" })).toMatchObject({
        count: 12,
        basis: "net",
        totals: [{ currency: "USD", amount: 0 }],
      });
    };
    await expectations(); // from the deltas not yet folded
    await foldRollup();
    await expectations(); // from the kept days, months and years
    // A refund heard later raises its charge's refunded amount: the net follows the charge's row.
    await pool.query("UPDATE ledger_transactions SET amount_refunded = 1000 WHERE id = 'kept'");
    expect(await summary({ type: "charge" })).toMatchObject({ totals: [{ currency: "USD", amount: 0 }] });
  });

  it("counts and totals past 10,000 rows exactly: no cap (issue 36)", async () => {
    // The old summary read at most 10,001 rows and said "More than 10,000", with no totals.
    await pool.query(
      `INSERT INTO ledger_transactions (id, type, status, amount, amount_captured, currency, time_created, payload, source, updated_at)
       SELECT 'many-' || g, 'charge', 'succeeded', 100, 100, 'EUR', now() - g * interval '1 minute', '{}', 'test', now()
         FROM generate_series(1, 10050) g`,
    );
    expect(await summary({ currency: "EUR" })).toEqual({
      count: 10_050,
      more: false,
      basis: "net",
      totals: [{ currency: "EUR", amount: 1_005_000 }],
      authorized: [],
    });
    await foldRollup();
    expect(await summary({})).toMatchObject({ count: 10_053 });
  }, 60_000);

  it("a search too large to count in time gives the planner's estimate, labelled so, and no totals", async () => {
    await pool.query(
      `INSERT INTO ledger_transactions (id, type, status, amount, currency, time_created, payload, source, updated_at, reference)
       SELECT 'est-' || g, 'charge', 'failed', 100, 'EUR', now(), '{}', 'test', now(), 'order-' || g
         FROM generate_series(1, 6000) g`,
    );
    await pool.query("ANALYZE ledger_transactions");
    const f = { ...transactionFilterSchema.parse({ q: "order-" }), timeZone: "UTC" };
    const counted = await summarizeTransactions(f, 30_000); // counted, however loaded the machine
    expect(counted).toMatchObject({ count: 6_000, more: false, basis: "net" });
    // A 1 ms budget cannot count 6,000 rows matched by a fragment.
    const estimated = await summarizeTransactions(f, 1);
    expect(estimated).toMatchObject({ more: false, estimate: true, totals: null });
    expect(estimated.count).toBeGreaterThan(1_000);
  }, 60_000);
});
