import { beforeEach, describe, expect, it } from "vitest";
import { pool } from "@/lib/platform/db";
import { dailyVolume, foldDailyTotals } from "@/lib/overview/service";

// The per-day totals kept by the ledger trigger against a plain aggregate of the ledger,
// on the real PostgreSQL `npm test` starts, with concurrent writers.
const TRUTH = `
  SELECT to_char((time_created AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, currency,
         sum(CASE WHEN type = 'charge' THEN coalesce(amount_captured, 0) ELSE 0 END)::bigint AS gross,
         sum(CASE WHEN type = 'refund' AND status = 'succeeded' THEN amount ELSE 0 END)::bigint AS refunds
    FROM ledger_transactions WHERE time_created >= now() - interval '29 days'
   GROUP BY 1, 2 HAVING sum(CASE WHEN type = 'charge' THEN coalesce(amount_captured, 0) ELSE 0 END) <> 0
       OR sum(CASE WHEN type = 'refund' AND status = 'succeeded' THEN amount ELSE 0 END) <> 0
   ORDER BY 1, 2`;

async function truth() {
  const { rows } = await pool.query<{ day: string; currency: string; gross: string; refunds: string }>(TRUTH);
  return rows.map((r) => ({ day: r.day, currency: r.currency, gross: Number(r.gross), refunds: Number(r.refunds) }));
}
const kept = async () =>
  (await dailyVolume(30)).map(({ day, currency, gross, refunds }) => ({ day, currency, gross, refunds }));

async function insert(
  id: string,
  o: {
    type?: string;
    status?: string;
    amount: number;
    captured?: number | null;
    currency?: string;
    cny?: number | null;
    parent?: string;
    daysAgo?: number;
  },
) {
  await pool.query(
    `INSERT INTO ledger_transactions (id, type, status, amount, amount_captured, currency, cny_amount, parent_id, time_created, payload, source, updated_at)
     VALUES ($1, $2::"TransactionType", $3, $4, $5, $6, $7, $8, now() - make_interval(days => $9), '{}', 'import', now())`,
    [
      id,
      o.type ?? "charge",
      o.status ?? "succeeded",
      o.amount,
      o.captured ?? null,
      o.currency ?? "USD",
      o.cny ?? null,
      o.parent ?? null,
      o.daysAgo ?? 0,
    ],
  );
}

describe("per-day ledger totals", () => {
  beforeEach(async () => {
    await pool.query("TRUNCATE ledger_transactions CASCADE");
  });

  it("stay equal to the ledger through inserts, updates, moves and deletes, folded or not", async () => {
    await insert("c1", { amount: 10_000, captured: 10_000, cny: 72_000 });
    await insert("c2", { amount: 5_000, captured: null, status: "authorized", daysAgo: 2 });
    await insert("c3", { amount: 8_000, captured: 8_000, currency: "CNY" });
    await insert("r1", { type: "refund", amount: 2_500, parent: "c1" });
    await insert("r2", { type: "refund", status: "failed", amount: 999, parent: "c1" });
    expect(await kept()).toEqual(await truth());

    await pool.query("UPDATE ledger_transactions SET amount_captured = 4000, status = 'succeeded' WHERE id = 'c2'");
    await pool.query("UPDATE ledger_transactions SET payload = '{\"x\":1}' WHERE id = 'c1'"); // no effect on totals
    await pool.query("UPDATE ledger_transactions SET time_created = time_created - interval '5 days' WHERE id = 'c3'");
    await pool.query("UPDATE ledger_transactions SET status = 'succeeded' WHERE id = 'r2'");
    await pool.query("DELETE FROM ledger_transactions WHERE id = 'r1'");
    expect(await kept()).toEqual(await truth());
    expect(await foldDailyTotals()).toBeGreaterThan(0);
    expect(Number((await pool.query("SELECT count(*) AS n FROM ledger_daily_deltas")).rows[0].n)).toBe(0);
    expect(await kept()).toEqual(await truth());
  });

  it("count CNY where known: CNY payments, a CNY amount from the service, and a refund at its charge's rate", async () => {
    await insert("a1", { amount: 10_000, captured: 10_000, cny: 72_000 }); // USD 100.00 ≈ CNY 720.00
    await insert("a2", { amount: 3_000, captured: 3_000, currency: "CNY" });
    await insert("a3", { amount: 9_000, captured: 9_000, currency: "EUR" }); // no CNY amount known
    await insert("a4", { type: "refund", amount: 2_500, parent: "a1" }); // ≈ CNY 180.00
    const today = (await dailyVolume(1)).reduce(
      (acc, p) => ({ grossCny: acc.grossCny + p.grossCny, refundsCny: acc.refundsCny + p.refundsCny }),
      { grossCny: 0, refundsCny: 0 },
    );
    expect(today).toEqual({ grossCny: 72_000 + 3_000, refundsCny: 18_000 });
  });

  it("hold under concurrent writers and concurrent folds", async () => {
    for (let i = 0; i < 40; i++)
      await insert(`k${i}`, {
        amount: 1_000 + i,
        captured: null,
        status: "authorized",
        currency: i % 2 ? "USD" : "EUR",
        daysAgo: i % 3,
      });
    // Forty captures from parallel connections, with folds racing them.
    await Promise.all([
      ...Array.from({ length: 40 }, (_, i) =>
        pool.query("UPDATE ledger_transactions SET amount_captured = amount, status = 'succeeded' WHERE id = $1", [
          `k${i}`,
        ]),
      ),
      foldDailyTotals(),
      foldDailyTotals(),
      ...Array.from({ length: 10 }, (_, i) =>
        insert(`q${i}`, { type: "refund", amount: 100 + i, parent: `k${i}`, currency: i % 2 ? "USD" : "EUR" }),
      ),
      foldDailyTotals(),
    ]);
    expect(await kept()).toEqual(await truth());
    await Promise.all([foldDailyTotals(), foldDailyTotals(), foldDailyTotals()]);
    expect(await kept()).toEqual(await truth());
  });
});

describe("the kept totals read in any time zone", () => {
  beforeEach(async () => {
    await pool.query("TRUNCATE ledger_transactions CASCADE");
  });

  // The totals are kept per quarter hour: a local day — Shanghai's, Kolkata's half hour, Los
  // Angeles' — is whole buckets, so the sums equal the ledger's rows grouped by that local day.
  it.each(["Asia/Shanghai", "Asia/Kolkata", "America/Los_Angeles"])(
    "%s: equal to the ledger by local day",
    async (tz) => {
      for (let i = 0; i < 60; i++) {
        await pool.query(
          `INSERT INTO ledger_transactions (id, type, status, amount, amount_captured, currency, time_created, payload, source, updated_at)
         VALUES ($1, 'charge', 'succeeded', $2, $2, $3, now() - make_interval(mins => $4), '{}', 'import', now())`,
          [`z${i}`, 1_000 + i, i % 2 ? "USD" : "CNY", i * 173], // every ~3 hours, across ~7 days
        );
      }
      const now = new Date();
      const { rows } = await pool.query<{ day: string; currency: string; gross: string }>(
        `SELECT to_char((time_created AT TIME ZONE $1)::date, 'YYYY-MM-DD') AS day, currency, sum(amount_captured)::bigint AS gross
         FROM ledger_transactions GROUP BY 1, 2 ORDER BY 1, 2`,
        [tz],
      );
      const kept = (await dailyVolume(30, now, tz)).map(({ day, currency, gross }) => ({ day, currency, gross }));
      expect(kept).toEqual(rows.map((r) => ({ day: r.day, currency: r.currency, gross: Number(r.gross) })));
      await foldDailyTotals();
      expect((await dailyVolume(30, now, tz)).map(({ day, currency, gross }) => ({ day, currency, gross }))).toEqual(
        kept,
      );
    },
  );
});
