import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { config } from "@/lib/platform/config";
import { pool } from "@/lib/platform/db";
import { dayRange } from "@/lib/platform/i18n/zoned-days";
import { foldReportBuckets } from "./report-buckets";
import { chargebackRate, dailySummary } from "@/lib/reports/service";

// The Reports page's days and the chargeback rate read kept quarter-hour totals (issue 36). Here
// they are held against the rows themselves — the report's old SQL over the ledger — after random
// writes of every kind: rows added, changed (status, capture, time, currency, type) and removed;
// chargebacks added one at a time and several to a charge in one statement, moved to another
// charge, removed, and written before their charge; folded and not yet folded; in zones a whole
// hour, half an hour and more from UTC.

const ZONES = ["UTC", "Asia/Shanghai", "America/New_York", "Asia/Kolkata", "Asia/Kathmandu", "Pacific/Kiritimati"];
const STATUSES = ["initiated", "authorized", "succeeded", "failed", "canceled"];
const TYPES = ["charge", "charge", "charge", "capture", "refund", "cancel"];
const CURRENCIES = ["USD", "JPY", "CNY"];

let seed = 3636;
const rand = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)]!;
const START = Date.parse("2026-02-25T00:00:00Z");
const SPAN = 45 * 86_400_000; // across a month end and New York's spring change
const at = () => new Date(START + Math.floor(rand() * SPAN));
const ID = "rb-";

async function insertLedger(from: number, n: number) {
  for (let i = 0; i < n; i++) {
    const type = pick(TYPES);
    const status = pick(STATUSES);
    const amount = 100 + Math.floor(rand() * 100_000);
    const captured = type === "charge" && status === "succeeded" ? amount - Math.floor(rand() * 50) : null;
    await pool.query(
      `INSERT INTO ledger_transactions (id, type, status, amount, amount_captured, currency, time_created, payload, source, updated_at)
       VALUES ($1, $2::"TransactionType", $3, $4, $5, $6, $7, '{}', 'test', now())`,
      [`${ID}${from + i}`, type, status, amount, captured, pick(CURRENCIES), at()],
    );
  }
}

let chargebacks = 0;
async function insertChargebacks(chargeIds: (string | null)[]) {
  // One statement for the lot: several chargebacks of one charge in a statement count it once.
  const ids = chargeIds.map(() => `${ID}cb-${chargebacks++}`);
  await pool.query(
    `INSERT INTO chargebacks (id, charge_id, amount, currency, status, opened_at, last_change_at, updated_at)
     SELECT id, charge_id, 100, 'USD', 'Chargeback Received', now(), now(), now()
       FROM unnest($1::text[], $2::text[]) AS x(id, charge_id)`,
    [ids, chargeIds],
  );
}

const someLedgerId = (n: number) => `${ID}${Math.floor(rand() * n)}`;

async function scramble(n: number) {
  for (let i = 0; i < 40; i++) {
    const id = someLedgerId(n);
    const change = pick(["status", "capture", "time", "currency", "type", "delete"]);
    if (change === "status")
      await pool.query("UPDATE ledger_transactions SET status = $2 WHERE id = $1", [id, pick(STATUSES)]);
    if (change === "capture")
      await pool.query("UPDATE ledger_transactions SET amount_captured = amount - 7 WHERE id = $1", [id]);
    if (change === "time")
      await pool.query("UPDATE ledger_transactions SET time_created = $2 WHERE id = $1", [id, at()]);
    if (change === "currency")
      await pool.query("UPDATE ledger_transactions SET currency = $2 WHERE id = $1", [id, pick(CURRENCIES)]);
    if (change === "type")
      await pool.query(`UPDATE ledger_transactions SET type = $2::"TransactionType" WHERE id = $1`, [id, pick(TYPES)]);
    if (change === "delete") await pool.query("DELETE FROM ledger_transactions WHERE id = $1", [id]);
  }
  await pool.query(
    `UPDATE chargebacks SET charge_id = $2 WHERE id = (SELECT min(id) FROM chargebacks WHERE id LIKE $1)`,
    [`${ID}cb-%`, someLedgerId(n)],
  );
  await pool.query(`UPDATE chargebacks SET status = 'Won' WHERE id LIKE $1`, [`${ID}cb-1%`]); // not the charge: no change
  await pool.query(`DELETE FROM chargebacks WHERE id = (SELECT max(id) FROM chargebacks WHERE id LIKE $1)`, [
    `${ID}cb-%`,
  ]);
  await pool.query(
    `UPDATE chargebacks SET charge_id = NULL WHERE id = (SELECT max(id) FROM chargebacks WHERE id LIKE $1)`,
    [`${ID}cb-%`],
  );
}

// The report's SQL before the kept buckets, over the ledger itself.
async function plainDays(from: string, to: string, timeZone: string) {
  const b = dayRange(from, to, timeZone);
  const { rows } = await pool.query<Record<string, string>>(
    `SELECT to_char(date_trunc('day', time_created AT TIME ZONE $3), 'YYYY-MM-DD') AS day, currency,
            count(*) FILTER (WHERE type = 'charge') AS charges,
            coalesce(sum(amount) FILTER (WHERE type = 'charge'), 0) AS charge_amount,
            coalesce(sum(amount_captured) FILTER (WHERE type = 'charge'), 0) AS captured,
            count(*) FILTER (WHERE type = 'refund' AND status = 'succeeded') AS refunds,
            coalesce(sum(amount) FILTER (WHERE type = 'refund' AND status = 'succeeded'), 0) AS refunded,
            count(*) FILTER (WHERE type = 'charge' AND status = 'canceled') AS cancels
       FROM ledger_transactions WHERE time_created >= $1 AND time_created < $2
      GROUP BY 1, 2 ORDER BY 1, 2`,
    [b.gte, b.lt, timeZone],
  );
  return rows.map((x) => ({
    day: x.day,
    currency: x.currency,
    charges: Number(x.charges),
    chargeAmount: Number(x.charge_amount),
    captured: Number(x.captured),
    refunds: Number(x.refunds),
    refunded: Number(x.refunded),
    cancels: Number(x.cancels),
    net: Number(x.captured) - Number(x.refunded),
  }));
}

async function plainRate(from: string, to: string, timeZone: string) {
  const b = dayRange(from, to, timeZone);
  const { rows } = await pool.query<{ currency: string; charges: string; chargebacks: string }>(
    `SELECT c.currency, count(*) AS charges,
            count(*) FILTER (WHERE EXISTS (SELECT 1 FROM chargebacks b WHERE b.charge_id = c.id)) AS chargebacks
       FROM ledger_transactions c WHERE c.type = 'charge' AND c.time_created >= $1 AND c.time_created < $2
      GROUP BY 1 ORDER BY 1`,
    [b.gte, b.lt],
  );
  return rows.map((x) => ({
    currency: x.currency,
    charges: Number(x.charges),
    chargebacks: Number(x.chargebacks),
    rate: Number(x.charges) ? Number(x.chargebacks) / Number(x.charges) : 0,
  }));
}

const RANGES: [string, string][] = [
  ["2026-02-25", "2026-04-10"],
  ["2026-03-01", "2026-03-31"],
  ["2026-03-08", "2026-03-08"],
  ["2026-03-31", "2026-04-01"],
];

async function expectKeptEqualsPlain(zones = ZONES) {
  for (const timeZone of zones)
    for (const [from, to] of RANGES) {
      const range = { from, to, timeZone };
      expect(await dailySummary(range), `${timeZone} ${from}…${to}`).toEqual(await plainDays(from, to, timeZone));
      expect(await chargebackRate(range), `${timeZone} ${from}…${to}`).toEqual(await plainRate(from, to, timeZone));
    }
}

const clean = async () => {
  await pool.query("DELETE FROM chargebacks WHERE id LIKE $1", [`${ID}%`]);
  await pool.query("DELETE FROM ledger_transactions WHERE id LIKE $1", [`${ID}%`]);
};
beforeAll(async () => {
  // Alone in the ledger: the report reads every row of its days.
  await pool.query("TRUNCATE ledger_transactions, chargebacks CASCADE");
});
afterAll(clean, 120_000);

describe("the Reports page's kept quarter-hour totals", () => {
  it("equal the ledger's own rows after every kind of write, folded or not, in every zone", async () => {
    // Chargebacks before their charges exist (untied, then the charge arrives), one at a time and
    // several of a charge in one statement.
    await insertChargebacks([`${ID}3`, `${ID}5`, `${ID}5`, null]);
    await insertLedger(0, 300);
    await insertChargebacks(Array.from({ length: 40 }, () => someLedgerId(300)));
    await insertChargebacks([`${ID}7`, `${ID}7`, `${ID}8`]);
    await expectKeptEqualsPlain();
    await foldReportBuckets();
    await expectKeptEqualsPlain();
    await scramble(300);
    await expectKeptEqualsPlain(); // changes not folded on top of folded totals
    await foldReportBuckets();
    await expectKeptEqualsPlain();
    const { rows } = await pool.query("SELECT count(*)::int AS n FROM report_bucket_deltas");
    expect(rows[0].n).toBe(0);
  }, 120_000);

  it("hold at most 256 lock keys for a statement of any size", async () => {
    // A lock per charge id: a statement of 10,000 charges held 10,000, past what PostgreSQL's lock
    // table holds on a smaller server ("out of shared memory"); the keys are 256 now.
    const c = await pool.connect();
    const held = async () =>
      (
        await c.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND pid = pg_backend_pid()",
        )
      ).rows[0]!.n;
    try {
      await c.query("BEGIN");
      await c.query(
        `INSERT INTO ledger_transactions (id, type, status, amount, amount_captured, currency, time_created, payload, source, updated_at)
         SELECT '${ID}bulk-' || g, 'charge', 'succeeded', 100, 100, 'USD', timestamptz '2026-03-20' + g * interval '1 minute',
                '{}', 'test', now()
           FROM generate_series(1, 3000) g`,
      );
      expect(await held()).toBeLessThanOrEqual(256);
      await c.query(
        `INSERT INTO chargebacks (id, charge_id, amount, currency, status, opened_at, last_change_at, updated_at)
         SELECT '${ID}bulk-cb-' || g, '${ID}bulk-' || (g * 4), 100, 'USD', 'Chargeback Received', now(), now(), now()
           FROM generate_series(1, 600) g`,
      );
      // The same 256 keys, now also held exclusively: at most two entries a key.
      expect(await held()).toBeLessThanOrEqual(512);
      await c.query("COMMIT");
    } finally {
      c.release();
    }
    await expectKeptEqualsPlain(["Asia/Kolkata"]);
  }, 120_000);

  it("count a charge once when its first two chargebacks are written at once, by two connections", async () => {
    await insertLedger(1000, 1);
    const charge = `${ID}1000`;
    const [a, b] = [new pg.Client(config().databaseUrl), new pg.Client(config().databaseUrl)];
    await a.connect();
    await b.connect();
    try {
      await pool.query(`UPDATE ledger_transactions SET type = 'charge' WHERE id = $1`, [charge]);
      const write = (c: pg.Client, id: string) =>
        c.query(
          `INSERT INTO chargebacks (id, charge_id, amount, currency, status, opened_at, last_change_at, updated_at)
           VALUES ($1, $2, 100, 'USD', 'Chargeback Received', now(), now(), now())`,
          [id, charge],
        );
      await a.query("BEGIN");
      await b.query("BEGIN");
      await write(a, `${ID}race-a`);
      const second = write(b, `${ID}race-b`).then(() => b.query("COMMIT")); // waits for a's lock
      await new Promise((r) => setTimeout(r, 200));
      await a.query("COMMIT");
      await second;
      // And a charge written while its chargeback is being written, the other way round.
      await a.query("BEGIN");
      await b.query("BEGIN");
      await a.query(
        `INSERT INTO chargebacks (id, charge_id, amount, currency, status, opened_at, last_change_at, updated_at)
         VALUES ($1, $2, 100, 'USD', 'Chargeback Received', now(), now(), now())`,
        [`${ID}race-c`, `${ID}2000`],
      );
      const charged = b
        .query(
          `INSERT INTO ledger_transactions (id, type, status, amount, currency, time_created, payload, source, updated_at)
           VALUES ($1, 'charge', 'succeeded', 500, 'USD', '2026-03-10T10:00:00Z', '{}', 'test', now())`,
          [`${ID}2000`],
        )
        .then(() => b.query("COMMIT"));
      await new Promise((r) => setTimeout(r, 200));
      await a.query("COMMIT");
      await charged;
    } finally {
      await a.end();
      await b.end();
    }
    await expectKeptEqualsPlain();
  }, 60_000);
});
