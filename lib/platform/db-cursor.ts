import "server-only";
import type pg from "pg";
import { pool as defaultPool } from "@/lib/platform/db";

/**
 * Every row of one query, read through a server-side cursor on one pooled client, in one
 * READ ONLY REPEATABLE READ transaction (the file is one snapshot: a row changed mid-export
 * neither repeats nor goes missing). The next `FETCH` runs only when the reader asks for the
 * row after the last one fetched, so a slow reader holds at most one batch here and nothing
 * more is read from PostgreSQL. Closing the iteration early (`return()`, as a cancelled
 * download does) ends the transaction and gives the client back to the pool.
 */
export async function* cursorRows<T>(
  sql: string,
  params: unknown[],
  { batch = 1000, pool = defaultPool }: { batch?: number; pool?: pg.Pool } = {},
): AsyncGenerator<T> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    await client.query(`DECLARE rows_out NO SCROLL CURSOR FOR ${sql}`, params);
    for (;;) {
      const { rows } = await client.query<T & pg.QueryResultRow>(`FETCH FORWARD ${batch} FROM rows_out`);
      for (let i = 0; i < rows.length; i++) {
        const row = rows[i]!;
        rows[i] = undefined as never; // what has been handed over is not held here
        yield row as T;
      }
      if (rows.length < batch) break;
    }
  } finally {
    // ROLLBACK closes the cursor; a client whose connection cannot even do that is discarded, not pooled.
    let broken: Error | undefined;
    await client.query("ROLLBACK").catch((e: Error) => (broken = e));
    client.release(broken);
  }
}
