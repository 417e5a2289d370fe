import { beforeEach, describe, expect, it } from "vitest";
import { pool } from "@/lib/platform/db";
import { transactionFilterSchema } from "./filters";
import { summarizeTransactions } from "./summary";

const insert = (
  id: string,
  amount: number,
  currency: string,
  status = "succeeded",
  o: { type?: string; captured?: number | null; parent?: string; remaining?: number } = {},
) =>
  pool.query(
    `INSERT INTO ledger_transactions (id, type, status, amount, currency, time_created, payload, source, updated_at,
                                      amount_captured, parent_id, amount_authorized_remaining)
     VALUES ($1, $5::"TransactionType", $2, $3, $4, now(), '{}', 'test', now(), $6, $7, $8)`,
    [
      id,
      status,
      amount,
      currency,
      o.type ?? "charge",
      o.captured === undefined ? (status === "succeeded" ? amount : null) : o.captured,
      o.parent ?? null,
      o.remaining ?? null,
    ],
  );
const summary = (q: Record<string, string>, cap?: number) =>
  summarizeTransactions({ ...transactionFilterSchema.parse(q), timeZone: "UTC" }, cap);

describe("summarizeTransactions", () => {
  beforeEach(async () => {
    await pool.query("DELETE FROM operations");
    await pool.query("DELETE FROM ledger_events");
    await pool.query("DELETE FROM ledger_transactions");
    await insert("sum-1", 1000, "USD");
    await insert("sum-2", 250, "USD", "failed");
    await insert("sum-3", 500, "JPY");
  });

  it("counts the filtered set and totals what it nets per currency (a failed charge adds nothing)", async () => {
    expect(await summary({})).toEqual({
      count: 3,
      more: false,
      cap: 10_000,
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

  it("nets captured − refunded by the home page's rule: captures, cancels, canceled and unpaid charges add nothing; authorized apart", async () => {
    await pool.query("DELETE FROM ledger_transactions");
    // Issue 33, journey 4: "Total $412.33" added every row's amount.
    await insert("net-charge", 20_000, "USD", "succeeded", { captured: 15_000 }); // partly captured
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
      cap: 10_000,
      basis: "net",
      totals: [{ currency: "USD", amount: 11_000 }],
      authorized: [{ currency: "USD", amount: 2_500 }],
    });
  });

  it("says 'more than the cap' and sums nothing past it", async () => {
    expect(await summary({}, 2)).toEqual({ count: 2, more: true, totals: null, cap: 2 });
    expect(await summary({}, 3)).toMatchObject({ count: 3, more: false });
  });

  it("gives way to a slow count: says so instead of holding the request", async () => {
    // Another session holds the table: the count waits past its time-out, as a full scan would.
    const blocker = await pool.connect();
    try {
      await blocker.query("BEGIN");
      await blocker.query("LOCK TABLE ledger_transactions IN ACCESS EXCLUSIVE MODE");
      expect(
        await summarizeTransactions({ ...transactionFilterSchema.parse({}), timeZone: "UTC" }, 10_000, 50),
      ).toEqual({
        count: 0,
        more: true,
        slow: true,
        totals: null,
        cap: 10_000,
      });
    } finally {
      await blocker.query("ROLLBACK");
      blocker.release();
    }
  });
});
