import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { pool } from "@/lib/platform/db";
import type { KeptTotals } from "@/lib/platform/kept-hours";
import { dayStart } from "@/lib/platform/i18n/zoned-days";
import { addDays, today } from "@/lib/platform/i18n/days";
import { dailyVolume, LEDGER_DAILY } from "@/lib/overview/service";
import { dailySummary } from "@/lib/reports/service";
import { chargebackBreakdown } from "@/lib/reports/chargebacks";
import { REPORT_BUCKETS } from "./report-buckets";

// The kept quarter-hour totals are also kept per UTC hour (migration …_kept_hours), and the home's
// chart and the Reports page read the hours wherever an hour lies inside one of the zone's days
// (issue 36: the home's 30 days of quarter hours took 64 ms of its 100 at ten million rows).

const FAMILIES: KeptTotals[] = [LEDGER_DAILY, REPORT_BUCKETS];
const CURRENCIES = ["USD", "JPY", "CNY"];
const ZONES = ["UTC", "Asia/Shanghai", "America/New_York", "Asia/Kolkata", "Asia/Kathmandu", "Australia/Lord_Howe"];

let seed = 2036;
const rand = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
const QUARTER = 900_000;

/** Random quarter-hour rows of a family over the `days` days before `now`, a share of them as deltas. */
async function fill(kept: KeptTotals, table: string, n: number, now: Date, days = 40) {
  const cols = kept.columns;
  const rows = Array.from({ length: n }, () => {
    const bucket = new Date(Math.floor((now.getTime() - rand() * days * 86_400_000) / QUARTER) * QUARTER);
    return [
      bucket.toISOString(),
      CURRENCIES[Math.floor(rand() * CURRENCIES.length)]!,
      ...cols.map(() => Math.floor(rand() * 1000)),
    ];
  });
  const values = rows.map(
    (_, i) => `(${[...Array(cols.length + 2)].map((_, j) => `$${i * (cols.length + 2) + j + 1}`).join(", ")})`,
  );
  const conflict =
    table === kept.quarters
      ? ` ON CONFLICT (bucket, currency) DO UPDATE SET ${cols.map((c) => `${c} = t.${c} + excluded.${c}`).join(", ")}`
      : "";
  // One row per key a statement (ON CONFLICT cannot touch a row twice).
  const seen = new Set<string>();
  const unique = rows.filter((r) => (seen.has(`${r[0]}${r[1]}`) ? false : seen.add(`${r[0]}${r[1]}`)));
  const v = values.slice(0, unique.length);
  await pool.query(
    `INSERT INTO ${table} AS t (bucket, currency, ${cols.join(", ")}) VALUES ${v.join(", ")}${conflict}`,
    unique.flat(),
  );
}

/** A coarser table as the finer one's rows sum them, and as kept (rows of all zeros aside). */
async function bothWays(kept: KeptTotals, finer: string, coarser: string, grain: "1 hour" | "1 day") {
  const cols = kept.columns.join(", ");
  const nonZero = kept.columns.map((c) => `${c} <> 0`).join(" OR ");
  const summed = await pool.query(
    `SELECT * FROM (SELECT date_bin('${grain}', bucket, '2000-01-01 00:00:00+00') AS bucket, currency,
            ${kept.columns.map((c) => `sum(${c})::bigint AS ${c}`).join(", ")}
       FROM ${finer} GROUP BY 1, 2) x WHERE ${nonZero} ORDER BY 1, 2`,
  );
  const rows = await pool.query(`SELECT bucket, currency, ${cols} FROM ${coarser} WHERE ${nonZero} ORDER BY 1, 2`);
  return { summed: summed.rows, kept: rows.rows };
}
const hoursBothWays = (kept: KeptTotals) => bothWays(kept, kept.quarters, kept.hours, "1 hour");

const fold = (kept: KeptTotals) =>
  pool.query(kept === LEDGER_DAILY ? "SELECT ledger_daily_fold()" : "SELECT report_buckets_fold()");

beforeEach(async () => {
  await pool.query("TRUNCATE ledger_transactions, chargebacks CASCADE");
  for (const kept of FAMILIES) await pool.query(`TRUNCATE ${kept.quarters}, ${kept.deltas}`);
});

describe("totals kept per hour", () => {
  it.each(FAMILIES.map((k) => [k.quarters, k] as const))(
    "%s: the hours stay the sums of the quarter hours through every kind of write",
    async (_, kept) => {
      const now = new Date("2026-03-10T12:00:00Z");
      await fill(kept, kept.quarters, 400, now);
      expect((await hoursBothWays(kept)).kept.length).toBeGreaterThan(100);
      const check = async () => {
        const both = await hoursBothWays(kept);
        expect(both.kept).toEqual(both.summed);
        if (kept.days) {
          const days = await bothWays(kept, kept.hours, kept.days, "1 day");
          expect(days.kept).toEqual(days.summed);
        }
      };
      await check();
      // Added onto rows already kept, and a fold of deltas (the minute sweep's path).
      await fill(kept, kept.quarters, 200, now);
      await fill(kept, kept.deltas, 300, now);
      await fold(kept);
      await check();
      // Changed and removed in place.
      await pool.query(
        `UPDATE ${kept.quarters} SET ${kept.columns[0]} = ${kept.columns[0]} * 2 WHERE currency = 'JPY'`,
      );
      await pool.query(
        `UPDATE ${kept.quarters} SET bucket = bucket + interval '100 days 45 minutes' WHERE currency = 'CNY'`,
      );
      await pool.query(`UPDATE ${kept.quarters} SET currency = 'EUR' WHERE currency = 'JPY' AND bucket < $1`, [now]);
      await pool.query(`DELETE FROM ${kept.quarters} WHERE currency = 'USD' AND ${kept.columns[1]} < 300`);
      await check();
      await pool.query(`TRUNCATE ${kept.quarters}`);
      expect(await pool.query(`SELECT 1 FROM ${kept.hours}`)).toMatchObject({ rowCount: 0 });
      // A rebuild (the migration's backfill, bench:scale's) gives the same hours.
      await fill(kept, kept.quarters, 300, now);
      await pool.query(`DELETE FROM ${kept.hours} WHERE currency = 'JPY'`);
      await pool.query(`SELECT ${kept.hours}_rebuild()`);
      if (kept.days) {
        await pool.query(`DELETE FROM ${kept.days} WHERE currency = 'USD'`);
        await pool.query(`SELECT ${kept.days}_rebuild()`);
      }
      await check();
    },
  );
});

describe("a zone's days from the kept hours", () => {
  const queries: { sql: string; params: unknown[] }[] = [];
  beforeEach(() => {
    const query = pool.query.bind(pool);
    vi.spyOn(pool, "query").mockImplementation(((sql: string, params?: unknown[]) => {
      if (typeof sql === "string") queries.push({ sql, params: params ?? [] });
      return query(sql, params);
    }) as never);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    queries.length = 0;
  });

  /**
   * Rows the statement reads from a table (EXPLAIN ANALYZE: actual rows of its scans, every loop),
   * planned as at scale, where reading a whole table or joining by hash is out of the question.
   */
  async function rowsRead(q: { sql: string; params: unknown[] }, table: string) {
    const client = await pool.connect();
    let rows: { "QUERY PLAN": { Plan: Record<string, unknown> }[] }[];
    try {
      await client.query("BEGIN");
      await client.query("SET LOCAL enable_seqscan = off");
      await client.query("SET LOCAL enable_hashjoin = off");
      await client.query("SET LOCAL enable_mergejoin = off");
      ({ rows } = await client.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${q.sql}`, q.params));
      await client.query("ROLLBACK");
    } finally {
      client.release();
    }
    let n = 0;
    const walk = (node: Record<string, unknown>) => {
      if (node["Relation Name"] === table) n += Number(node["Actual Rows"]) * Number(node["Actual Loops"]);
      for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
    };
    walk(rows[0]!["QUERY PLAN"][0]!.Plan);
    return n;
  }

  it("give the home chart's days as the quarter hours sum them, reading quarters only in hours a day starts inside", async () => {
    const now = new Date();
    await fill(LEDGER_DAILY, "ledger_daily", 3000, now);
    await fill(LEDGER_DAILY, "ledger_daily_deltas", 50, now);
    for (const zone of ZONES) {
      const first = addDays(today(zone, now), -29);
      const from = dayStart(first, zone);
      const { rows: truth } = await pool.query(
        `SELECT to_char((bucket AT TIME ZONE $2)::date, 'YYYY-MM-DD') AS day, currency, sum(gross)::bigint AS gross,
                sum(refunds)::bigint AS refunds
           FROM (SELECT bucket, currency, gross, refunds FROM ledger_daily UNION ALL
                 SELECT bucket, currency, gross, refunds FROM ledger_daily_deltas) x
          WHERE bucket >= $1 GROUP BY 1, 2 HAVING sum(gross) <> 0 OR sum(refunds) <> 0 ORDER BY 1, 2`,
        [from, zone],
      );
      queries.length = 0;
      const kept = await dailyVolume(30, now, zone);
      expect(
        kept.map((r) => ({ day: r.day, currency: r.currency, gross: r.gross, refunds: r.refunds })),
        zone,
      ).toEqual(
        truth.map((r) => ({ day: r.day, currency: r.currency, gross: Number(r.gross), refunds: Number(r.refunds) })),
      );
      // Quarter rows read: none in a zone whole hours from UTC, at most an hour's (4 a currency) per day start otherwise.
      const starts = Array.from({ length: 31 }, (_, i) => dayStart(addDays(first, i), zone));
      const split = starts.filter((d) => d.getTime() % 3_600_000 !== 0).length;
      const read = await rowsRead(queries.at(-1)!, "ledger_daily");
      expect(read, zone).toBeLessThanOrEqual(split * 4 * CURRENCIES.length);
      if (split === 0) expect(read, zone).toBe(0);
    }
  });

  it("give the chargeback summary's months of a year from whole UTC days, hours only in the days a month starts inside", async () => {
    const now = new Date("2026-06-15T12:00:00Z");
    await fill(REPORT_BUCKETS, "report_buckets", 4000, now, 400);
    for (const zone of ["UTC", "Asia/Shanghai", "Asia/Kathmandu"]) {
      const { rows: truth } = await pool.query(
        `SELECT to_char(bucket AT TIME ZONE $1, 'YYYY-MM') AS month, currency, sum(charges)::bigint AS charges
           FROM report_buckets WHERE bucket >= $2 AND bucket < $3
          GROUP BY 1, 2 HAVING sum(charges) <> 0 ORDER BY 1, 2`,
        [zone, dayStart("2025-07-01", zone), dayStart("2026-07-01", zone)],
      );
      queries.length = 0;
      const s = await chargebackBreakdown({ from: "2025-07", to: "2026-06", timeZone: zone });
      expect(
        s.rate.map((r) => ({ month: r.month, currency: r.currency, charges: r.charges })),
        zone,
      ).toEqual(truth.map((r) => ({ month: r.month, currency: r.currency, charges: Number(r.charges) })));
      const rate = queries.find((q) => q.sql.includes("report_days"))!;
      // 13 month starts: at most a day's hours (24 a currency) and an hour's quarters (4) each.
      expect(await rowsRead(rate, "report_hours"), zone).toBeLessThanOrEqual(13 * 24 * CURRENCIES.length);
      expect(await rowsRead(rate, "report_buckets"), zone).toBeLessThanOrEqual(13 * 4 * CURRENCIES.length);
      if (zone === "UTC") expect(await rowsRead(rate, "report_hours")).toBe(0);
    }
  });

  it("give the Reports page's days from the hours the same way", async () => {
    const now = new Date();
    await fill(REPORT_BUCKETS, "report_buckets", 3000, now);
    for (const zone of ["Asia/Shanghai", "Asia/Kathmandu"]) {
      const to = today(zone, now);
      queries.length = 0;
      const days = await dailySummary({ from: addDays(to, -29), to, timeZone: zone });
      expect(days.length).toBeGreaterThan(30);
      const read = await rowsRead(queries.at(-1)!, "report_buckets");
      if (zone === "Asia/Shanghai") expect(read).toBe(0);
      else expect(read).toBeLessThanOrEqual(31 * 4 * CURRENCIES.length);
    }
  });
});
