import { beforeEach, describe, expect, it } from "vitest";
import { pool } from "@/lib/platform/db";
import { dailyVolume, overviewFor } from "@/lib/overview/service";
import { presetOf } from "@/test/staff";

// The home's days are the merchant's reporting zone's (Settings → reportingTimeZone): in
// Asia/Shanghai a day starts at 16:00Z the day before, so a charge at 15:59Z and one at 16:01Z
// fall on two days there and on one in UTC. On the real PostgreSQL `npm test` starts.
const NOW = new Date("2026-11-20T20:00:00Z");

async function charge(id: string, at: string, amount: number) {
  await pool.query(
    `INSERT INTO ledger_transactions (id, type, status, amount, amount_captured, currency, time_created, payload, source, updated_at)
     VALUES ($1, 'charge', 'succeeded', $2, $2, 'USD', $3, '{}', 'import', now())`,
    [id, amount, at],
  );
}
const days = async (timeZone: string) =>
  (await dailyVolume(30, NOW, timeZone)).map(({ day, gross }) => ({ day, gross }));

describe("per-day totals in the reporting zone", () => {
  beforeEach(async () => {
    await pool.query("TRUNCATE ledger_transactions CASCADE");
    await pool.query("TRUNCATE ledger_daily, ledger_daily_deltas");
    await charge("tz-a", "2026-11-20T15:59:00Z", 1_000);
    await charge("tz-b", "2026-11-20T16:01:00Z", 2_000);
  });

  it("15:59Z and 16:01Z are two days in Asia/Shanghai (23:59 and 00:01 CST)", async () => {
    expect(await days("Asia/Shanghai")).toEqual([
      { day: "2026-11-20", gross: 1_000 },
      { day: "2026-11-21", gross: 2_000 },
    ]);
  });

  it("…and one day in UTC", async () => {
    expect(await days("UTC")).toEqual([{ day: "2026-11-20", gross: 3_000 }]);
  });

  it("the home's today is the zone's today: at 20:00Z it is already the 21st in Shanghai", async () => {
    const shanghai = await overviewFor(presetOf("finance"), NOW, "Asia/Shanghai");
    expect(shanghai.money?.today.map((v) => [v.currency, v.gross])).toEqual([["USD", 2_000]]);
    expect(shanghai.money?.week.map((v) => [v.currency, v.gross])).toEqual([["USD", 3_000]]);
    const utc = await overviewFor(presetOf("finance"), NOW, "UTC");
    expect(utc.money?.today.map((v) => [v.currency, v.gross])).toEqual([["USD", 3_000]]);
  });

  it("a local day's refunds count on that day, as the kept totals count them", async () => {
    await pool.query(
      `INSERT INTO ledger_transactions (id, type, status, amount, currency, parent_id, time_created, payload, source, updated_at)
       VALUES ('tz-r', 'refund', 'succeeded', 500, 'USD', 'tz-b', '2026-11-20T17:00:00Z', '{}', 'import', now())`,
    );
    const shanghai = await dailyVolume(30, NOW, "Asia/Shanghai");
    expect(shanghai.find((p) => p.day === "2026-11-21")).toMatchObject({ gross: 2_000, refunds: 500 });
    // The direct sum and the kept totals agree when both read UTC days.
    const utc = await dailyVolume(30, NOW, "UTC");
    expect(utc).toEqual([
      { day: "2026-11-20", currency: "USD", gross: 3_000, refunds: 500, grossCny: 0, refundsCny: 0 },
    ]);
  });
});
