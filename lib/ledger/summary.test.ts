import { beforeEach, describe, expect, it } from "vitest";
import { pool } from "@/lib/platform/db";
import { transactionFilterSchema } from "./filters";
import { summarizeTransactions } from "./summary";

const insert = (id: string, amount: number, currency: string, status = "succeeded") =>
  pool.query(
    `INSERT INTO ledger_transactions (id, type, status, amount, currency, time_created, payload, source, updated_at)
     VALUES ($1, 'charge', $2, $3, $4, now(), '{}', 'test', now())`,
    [id, status, amount, currency],
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

  it("counts the filtered set and totals it per currency", async () => {
    expect(await summary({})).toEqual({
      count: 3,
      more: false,
      cap: 10_000,
      totals: [
        { currency: "JPY", amount: 500 },
        { currency: "USD", amount: 1250 },
      ],
    });
    expect(await summary({ status: "succeeded", currency: "USD" })).toMatchObject({
      count: 1,
      totals: [{ currency: "USD", amount: 1000 }],
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
