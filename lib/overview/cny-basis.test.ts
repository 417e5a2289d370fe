import { beforeEach, describe, expect, it } from "vitest";
import { pool } from "@/lib/platform/db";
import { cnyConversions } from "@/lib/overview/service";

// The home's "7 days net in CNY" says which captured payments it converts and which it leaves out.

const insert = (id: string, currency: string, o: { captured: number | null; cny: number | null; daysAgo?: number }) =>
  pool.query(
    `INSERT INTO ledger_transactions (id, type, status, amount, currency, amount_captured, cny_amount, time_created, payload, source, updated_at)
     VALUES ($1, 'charge', 'succeeded', 1000, $2, $3, $4, now() - make_interval(days => $5), '{}', 'test', now())`,
    [id, currency, o.captured, o.cny, o.daysAgo ?? 0],
  );

describe("cnyConversions", () => {
  beforeEach(async () => {
    await pool.query("DELETE FROM operations");
    await pool.query("DELETE FROM ledger_events");
    await pool.query("DELETE FROM ledger_transactions");
  });

  it("names per currency the captured payments converted and those without a CNY amount, since the day given", async () => {
    await insert("cb-usd-1", "USD", { captured: 1000, cny: 7100 });
    await insert("cb-usd-2", "USD", { captured: 1000, cny: 7100 });
    await insert("cb-usd-3", "USD", { captured: 1000, cny: null });
    await insert("cb-eur", "EUR", { captured: 1000, cny: null });
    await insert("cb-cny", "CNY", { captured: 1000, cny: null }); // counted as it is
    await insert("cb-unpaid", "JPY", { captured: null, cny: null }); // nothing captured: nothing to convert
    await insert("cb-old", "GBP", { captured: 1000, cny: null, daysAgo: 9 });
    expect(await cnyConversions(new Date(Date.now() - 7 * 86_400_000))).toEqual({
      converted: [{ currency: "USD", count: 2 }],
      missing: [
        { currency: "EUR", count: 1 },
        { currency: "USD", count: 1 },
      ],
    });
  });
});
