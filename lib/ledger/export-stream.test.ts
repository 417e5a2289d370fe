import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, pool } from "@/lib/platform/db";
import { transactionFilterSchema } from "./filters";
import pg from "pg";
import { config } from "@/lib/platform/config";
import { exportColumns, transactionExportBatches } from "./export";
import { displayStatus } from "./display-status";
import { toMajorString } from "@/lib/platform/money";
import { cursorBatches, cursorRows } from "@/lib/platform/db-cursor";
import { randomUUID } from "node:crypto";
import { actorFor } from "@/lib/platform/auth/actor";
import { auditedExport } from "@/lib/platform/audit/export";
import { csvDownload, localTime } from "@/lib/platform/api/csv";
import { staffOf } from "@/test/staff";

const actor = actorFor(
  staffOf({ id: "00000000-0000-4000-8000-0000000000ef", email: "stream@example.com", name: "St", role: "finance" }),
  { ip: "127.0.0.1", userAgent: "vitest" },
);

// The transactions export reads through one server-side cursor (issue 36): these rows are the
// country "ZZ" only, so the file's other tests' rows never mix in.
const COUNT = 2_345;
const filter = (more: Record<string, string> = {}) => ({
  ...transactionFilterSchema.parse({ country: "ZZ", ...more }),
  cursor: undefined,
  timeZone: "UTC",
});

beforeAll(async () => {
  await db.$executeRawUnsafe(`DELETE FROM ledger_transactions WHERE country = 'ZZ'`);
  // Many rows share a time, so the order's tie-break on id matters across batches.
  await db.$executeRawUnsafe(
    `INSERT INTO ledger_transactions (id, type, method, status, amount, currency, country, time_created, payload, source, updated_at)
     SELECT 'exp_' || lpad(g::text, 6, '0'), 'charge', 'card', 'authorized', g * 7 % 1000, 'USD', 'ZZ',
            timestamptz '2026-01-01' + (g / 10) * interval '1 minute', '{}', 'test', now()
     FROM generate_series(1, ${COUNT}) g`,
  );
});
afterAll(() => db.$executeRawUnsafe(`DELETE FROM ledger_transactions WHERE country = 'ZZ'`));

const expected = async (order: string) =>
  (
    await pool.query<{ id: string }>(`SELECT id FROM ledger_transactions WHERE country = 'ZZ' ORDER BY ${order}`)
  ).rows.map((r) => r.id);

// The export's rows one at a time (each is the file's cells; the id first).
async function* exported(f: ReturnType<typeof filter>, batch: number) {
  for await (const rows of transactionExportBatches(f, batch)) yield* rows;
}
const idsOf = async (rows: AsyncIterable<string[]>) => {
  const ids: string[] = [];
  for await (const r of rows) ids.push(r[0]!);
  return ids;
};

describe("transactionExportBatches", () => {
  it("gives every row exactly once, in the list's order, across cursor batches", async () => {
    expect(await idsOf(exported(filter(), 1000))).toEqual(await expected("time_created DESC, id DESC"));
    const byAmount = await idsOf(exported(filter({ sort: "amount", dir: "asc" }), 333));
    expect(byAmount).toEqual(await expected("amount ASC, id ASC"));
  });

  it("is one snapshot: a row that leaves the filter mid-export is still in the file", async () => {
    // Read in keyset batches, each its own query, a row changed after the first batch went missing.
    const last = (await expected("time_created DESC, id DESC")).at(-1)!;
    const ids: string[] = [];
    try {
      for await (const r of exported(filter({ status: "authorized" }), 1000)) {
        if (ids.length === 10)
          await pool.query(`UPDATE ledger_transactions SET status = 'captured' WHERE id = $1`, [last]);
        ids.push(r[0]!);
      }
    } finally {
      await pool.query(`UPDATE ledger_transactions SET status = 'authorized' WHERE id = $1`, [last]);
    }
    expect(ids).toHaveLength(COUNT);
    expect(ids.at(-1)).toBe(last);
  });

  it("holds one pooled client while it reads and gives it back when the reader stops early", async () => {
    const it = transactionExportBatches(filter(), 1000)[Symbol.asyncIterator]();
    await it.next();
    const busy = pool.totalCount - pool.idleCount;
    expect(busy).toBeGreaterThanOrEqual(1);
    await it.return?.(undefined);
    expect(pool.totalCount - pool.idleCount).toBe(busy - 1);
  });

  it("reads the next batch only when the reader has taken the last row of this one", async () => {
    const fetched = async () =>
      Number(
        (
          await pool.query<{ n: string }>(
            `SELECT count(*) AS n FROM pg_stat_activity WHERE query LIKE 'FETCH FORWARD%' AND datname = current_database()`,
          )
        ).rows[0]!.n,
      );
    expect(await fetched()).toBe(0);
    const rows = cursorRows("SELECT id FROM ledger_transactions WHERE country = 'ZZ' ORDER BY id", [])[
      Symbol.asyncIterator
    ]();
    for (let i = 0; i < 1000; i++) await rows.next();
    // One batch out and nothing more asked: the connection sits idle in its transaction, after one FETCH.
    const { rows: activity } = await pool.query<{ state: string; query: string }>(
      `SELECT state, query FROM pg_stat_activity WHERE query LIKE 'FETCH FORWARD%' AND datname = current_database()`,
    );
    expect(activity).toEqual([{ state: "idle in transaction", query: "FETCH FORWARD 1000 FROM rows_out" }]);
    await rows.return?.(undefined);
    expect(await fetched()).toBe(0);
  });

  it("reading ahead, asks for one batch more than it handed over, and no further while the reader waits", async () => {
    // A pool of its own whose client counts the FETCHes it sends.
    const counting = new pg.Pool({ connectionString: config().databaseUrl, max: 1 });
    let fetches = 0;
    counting.on("connect", (client) => {
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      (client as { query: unknown }).query = (config: unknown, ...rest: unknown[]) => {
        if (String((config as { text?: string }).text ?? config).startsWith("FETCH")) fetches++;
        return query(config, ...rest);
      };
    });
    try {
      const sql = "SELECT id FROM ledger_transactions WHERE country = 'ZZ' ORDER BY id";
      const batches = cursorBatches<{ id: string }>(sql, [], { batch: 500, pool: counting, readAhead: true });
      const first = await batches.next();
      await new Promise((r) => setTimeout(r, 300));
      expect(first.value).toHaveLength(500);
      expect(fetches).toBe(2);
      let rows = 500;
      for await (const b of batches) rows += b.length;
      expect(rows).toBe(COUNT);
      // 2,345 rows in batches of 500: five FETCHes, the last one short; nothing asked past it.
      expect(fetches).toBe(5);
      expect(counting.idleCount).toBe(1);
    } finally {
      await counting.end();
    }
  });

  it("a download cancelled mid-file gives its client back and audits the rows in the file so far", async () => {
    const action = `test.export.${randomUUID()}`;
    const idle = pool.totalCount - pool.idleCount;
    const reader = csvDownload(
      await auditedExport(actor, action, {}, transactionExportBatches(filter(), 500)),
      ["id"],
      "t.csv",
    ).body!.getReader();
    let lines = -1; // the header
    for (let i = 0; i < 3; i++) lines += new TextDecoder().decode((await reader.read()).value).split("\n").length - 1;
    await reader.cancel();
    const closingRow = () => db.auditLog.findFirst({ where: { action, result: "failed" } });
    await expect.poll(closingRow).not.toBeNull();
    const closing = (await closingRow())!;
    const audited = (closing.detail as { rows: number; stopped: string }).rows;
    // What the reader got, and at most the one chunk (one batch) that waited queued for it.
    expect(audited).toBeGreaterThanOrEqual(lines);
    expect(audited).toBeLessThanOrEqual(lines + 500);
    expect(closing.detail).toMatchObject({ stopped: "cancelled" });
    expect(pool.totalCount - pool.idleCount).toBe(idle);
  });

  it("a download built and never read (a HEAD request) takes no pooled client", async () => {
    // Next answers HEAD with the GET handler and never reads the body: a stream that pulled at
    // once held a client and an open snapshot for good, and ten of them stopped the instance.
    const busy = pool.totalCount - pool.idleCount;
    const response = csvDownload(transactionExportBatches(filter(), 100), ["id"], "t.csv");
    await new Promise((r) => setTimeout(r, 300));
    expect(pool.totalCount - pool.idleCount).toBe(busy);
    await response.body!.cancel();
  });

  it("a reader that stops pulling past the idle limit loses the cursor, and its client is not kept", async () => {
    const busy = pool.totalCount - pool.idleCount;
    const rows = cursorRows<{ id: string }>("SELECT id FROM ledger_transactions WHERE country = 'ZZ' ORDER BY id", [], {
      batch: 10,
      idleMs: 200,
    });
    for (let i = 0; i < 10; i++) await rows.next();
    await new Promise((r) => setTimeout(r, 800));
    await expect(rows.next()).rejects.toThrow();
    expect(pool.totalCount - pool.idleCount).toBe(busy);
  });
});

describe("the transactions file's cells", () => {
  // Written from array rows and epoch milliseconds since issue 36; before, from row objects
  // through Dates and BigInt. The old way, kept here as the oracle, over every kind of row.
  const zones = ["UTC", "America/New_York", "Asia/Kolkata", "Australia/Lord_Howe"];
  beforeAll(async () => {
    await db.$executeRawUnsafe(`DELETE FROM ledger_transactions WHERE country = 'ZY'`);
    await db.$executeRawUnsafe(
      `INSERT INTO ledger_transactions (id, type, parent_id, reference, consumer_reference, method, status, amount,
         amount_captured, amount_refunded, currency, country, cny_amount, payment_type, pan_masked, time_created, payload, source, updated_at)
       SELECT 'cell_' || lpad(g::text, 4, '0'), (ARRAY['charge','capture','refund','cancel'])[1 + g % 4]::"TransactionType",
              CASE WHEN g % 4 > 0 THEN 'cell_0001' END, CASE WHEN g % 5 > 0 THEN '=ref,' || g END,
              CASE WHEN g % 3 = 0 THEN 'cust "' || g || '"' END, CASE WHEN g % 6 > 0 THEN 'card' END,
              (ARRAY['authorized','succeeded','failed','canceled','pending'])[1 + g % 5],
              (ARRAY[0, 1, 99, 100, 12345, 9007199254740993])[1 + g % 6],
              CASE WHEN g % 2 = 0 THEN (ARRAY[0, 50, 12345])[1 + g % 3] END,
              CASE WHEN g % 7 < 3 THEN (ARRAY[0, 1, 99999])[1 + g % 3] END,
              (ARRAY['USD','JPY','BHD','CNY','KRW','EUR'])[1 + g % 6], 'ZY',
              CASE WHEN g % 2 = 1 THEN g * 7 END, CASE WHEN g % 2 = 0 THEN 'card' END, CASE WHEN g % 2 = 0 THEN '411111******1111' END,
              timestamptz '2026-03-08 06:30:00+00' + g * interval '7 minutes 13.4567 seconds', '{}', 'test', now()
       FROM generate_series(1, 600) g`,
    );
  });
  afterAll(() => db.$executeRawUnsafe(`DELETE FROM ledger_transactions WHERE country = 'ZY'`));

  it.each(zones)("are what the row objects gave, cell for cell (%s)", async (timeZone) => {
    const { rows } = await pool.query(
      `SELECT * FROM ledger_transactions WHERE country = 'ZY' ORDER BY time_created DESC, id DESC`,
    );
    const major = (v: string | null, currency: string) => (v === null ? "" : toMajorString(BigInt(v), currency));
    const want = rows.map((r) => [
      r.id,
      r.type,
      r.parent_id ?? "",
      r.reference ?? "",
      r.consumer_reference ?? "",
      r.status,
      displayStatus({
        type: r.type,
        status: r.status,
        amount: Number(r.amount),
        amountCaptured: r.amount_captured === null ? null : Number(r.amount_captured),
        amountRefunded: r.amount_refunded === null ? null : Number(r.amount_refunded),
      }),
      r.method ?? "",
      r.payment_type ?? "",
      r.pan_masked ?? "",
      r.currency,
      major(r.amount, r.currency),
      major(r.amount_captured, r.currency),
      major(r.amount_refunded, r.currency),
      major(r.cny_amount, "CNY"),
      r.country,
      (r.time_created as Date).toISOString(),
      localTime(r.time_created, timeZone),
    ]);
    const got: string[][] = [];
    const f = { ...transactionFilterSchema.parse({ country: "ZY" }), cursor: undefined, timeZone };
    for await (const batch of transactionExportBatches(f, 64)) got.push(...batch);
    expect(got).toHaveLength(600);
    expect(got).toEqual(want);
    expect(exportColumns(timeZone)).toHaveLength(want[0]!.length);
  });
});
