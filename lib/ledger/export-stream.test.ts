import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, pool } from "@/lib/platform/db";
import { transactionFilterSchema } from "./filters";
import { iterateTransactions } from "./query";
import { cursorRows } from "@/lib/platform/db-cursor";
import { randomUUID } from "node:crypto";
import { actorFor } from "@/lib/platform/auth/actor";
import { auditedExport } from "@/lib/platform/audit/export";
import { CHUNK_ROWS, csvDownload } from "@/lib/platform/api/csv";

const actor = actorFor(
  { id: "00000000-0000-4000-8000-0000000000ef", email: "stream@example.com", name: "St", role: "finance" },
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

describe("iterateTransactions", () => {
  it("gives every row exactly once, in the list's order, across cursor batches", async () => {
    const ids: string[] = [];
    for await (const r of iterateTransactions(filter(), 1000)) ids.push(r.id);
    expect(ids).toEqual(await expected("time_created DESC, id DESC"));
    const byAmount: string[] = [];
    for await (const r of iterateTransactions(filter({ sort: "amount", dir: "asc" }), 333)) byAmount.push(r.id);
    expect(byAmount).toEqual(await expected("amount ASC, id ASC"));
  });

  it("is one snapshot: a row that leaves the filter mid-export is still in the file", async () => {
    // Read in keyset batches, each its own query, a row changed after the first batch went missing.
    const last = (await expected("time_created DESC, id DESC")).at(-1)!;
    const ids: string[] = [];
    try {
      for await (const r of iterateTransactions(filter({ status: "authorized" }), 1000)) {
        if (ids.length === 10)
          await pool.query(`UPDATE ledger_transactions SET status = 'captured' WHERE id = $1`, [last]);
        ids.push(r.id);
      }
    } finally {
      await pool.query(`UPDATE ledger_transactions SET status = 'authorized' WHERE id = $1`, [last]);
    }
    expect(ids).toHaveLength(COUNT);
    expect(ids.at(-1)).toBe(last);
  });

  it("holds one pooled client while it reads and gives it back when the reader stops early", async () => {
    const it = iterateTransactions(filter(), 1000)[Symbol.asyncIterator]();
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
    const rows = iterateTransactions(filter(), 1000)[Symbol.asyncIterator]();
    for (let i = 0; i < 1000; i++) await rows.next();
    // One batch out and nothing more asked: the connection sits idle in its transaction, after one FETCH.
    const { rows: activity } = await pool.query<{ state: string; query: string }>(
      `SELECT state, query FROM pg_stat_activity WHERE query LIKE 'FETCH FORWARD%' AND datname = current_database()`,
    );
    expect(activity).toEqual([{ state: "idle in transaction", query: "FETCH FORWARD 1000 FROM rows_out" }]);
    await rows.return?.(undefined);
    expect(await fetched()).toBe(0);
  });

  it("a download cancelled mid-file gives its client back and audits the rows in the file so far", async () => {
    const action = `test.export.${randomUUID()}`;
    const idle = pool.totalCount - pool.idleCount;
    const rows = (async function* () {
      for await (const r of iterateTransactions(filter(), 1000)) yield [r.id];
    })();
    const reader = csvDownload(await auditedExport(actor, action, {}, rows), ["id"], "t.csv").body!.getReader();
    let lines = -1; // the header
    for (let i = 0; i < 3; i++) lines += new TextDecoder().decode((await reader.read()).value).split("\n").length - 1;
    await reader.cancel();
    const closingRow = () => db.auditLog.findFirst({ where: { action, result: "failed" } });
    await expect.poll(closingRow).not.toBeNull();
    const closing = (await closingRow())!;
    const audited = (closing.detail as { rows: number; stopped: string }).rows;
    // What the reader got, and at most the one chunk that waited queued for it.
    expect(audited).toBeGreaterThanOrEqual(lines);
    expect(audited).toBeLessThanOrEqual(lines + CHUNK_ROWS);
    expect(closing.detail).toMatchObject({ stopped: "cancelled" });
    expect(pool.totalCount - pool.idleCount).toBe(idle);
  });

  it("a download built and never read (a HEAD request) takes no pooled client", async () => {
    // Next answers HEAD with the GET handler and never reads the body: a stream that pulled at
    // once held a client and an open snapshot for good, and ten of them stopped the instance.
    const busy = pool.totalCount - pool.idleCount;
    const rows = (async function* () {
      for await (const r of iterateTransactions(filter(), 100)) yield [r.id];
    })();
    const response = csvDownload(rows, ["id"], "t.csv");
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
