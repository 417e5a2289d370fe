import "server-only";
import type pg from "pg";
import { pool as defaultPool } from "@/lib/platform/db";

/** How long a reader may leave the cursor waiting between two batches. */
export const CURSOR_IDLE_MS = 60_000;

/**
 * Every row of one query, read through a server-side cursor on one pooled client, in one
 * READ ONLY REPEATABLE READ transaction (the file is one snapshot: a row changed mid-export
 * neither repeats nor goes missing), a FETCH's batch at a time. The next `FETCH` is sent when the
 * reader asks for the next batch — or, with `readAhead`, as this one is handed over, so
 * PostgreSQL reads the next batch while the reader writes this one: a slow reader holds one
 * batch here (two with `readAhead`) and nothing more is read from PostgreSQL. Closing the
 * iteration early (`return()`, as a cancelled download does) ends the transaction and gives the
 * client back to the pool. `rowMode: "array"` gives each row as its cells in the select's order
 * (no object per row).
 */
export async function* cursorBatches<T>(
  sql: string,
  params: unknown[],
  {
    batch = 1000,
    pool = defaultPool,
    idleMs = CURSOR_IDLE_MS,
    readAhead = false,
    rowMode,
  }: { batch?: number; pool?: pg.Pool; idleMs?: number; readAhead?: boolean; rowMode?: "array" } = {},
): AsyncGenerator<T[]> {
  const client = await pool.connect();
  // The server ending the session while the reader waits (the idle limit below, a restart) is
  // an 'error' event on a client nobody is querying: unheard, it would end the process. Kept
  // here, it makes the next FETCH fail and the client be discarded.
  let lost: Error | undefined;
  const onLost = (e: Error) => {
    lost = e;
  };
  client.on("error", onLost);
  const text = `FETCH FORWARD ${batch} FROM rows_out`;
  // Array rows arrive typed as any[]: T says what the select list holds.
  const fetchNext = async () =>
    (rowMode ? await client.query({ text, rowMode }) : await client.query<T & pg.QueryResultRow>(text)).rows as T[];
  let ahead: ReturnType<typeof fetchNext> | undefined;
  try {
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    // A reader that stops pulling and stays connected would hold this client and its snapshot
    // (which holds vacuum back) for as long as it likes: past this the server ends the session,
    // the next FETCH fails, the download ends cut short and the client is discarded.
    await client.query(`SET LOCAL idle_in_transaction_session_timeout = ${idleMs}`);
    await client.query(`DECLARE rows_out NO SCROLL CURSOR FOR ${sql}`, params);
    for (;;) {
      const rows = await (ahead ?? fetchNext());
      ahead = undefined;
      const last = rows.length < batch;
      if (!last && readAhead) {
        ahead = fetchNext();
        // Failing while this batch is written is seen when it is awaited (or in finally).
        ahead.catch(() => undefined);
      }
      if (rows.length) yield rows;
      if (last) break;
    }
  } finally {
    // A FETCH in flight finishes first (its failure, if any, is the connection's, seen below).
    if (ahead) await ahead.catch((e: Error) => (lost ??= e));
    // ROLLBACK closes the cursor; a client whose connection cannot even do that is discarded, not pooled.
    let broken: Error | undefined = lost;
    if (!broken) await client.query("ROLLBACK").catch((e: Error) => (broken = e));
    // A lost connection keeps its listener: it may still say so while it is taken down.
    if (!broken) client.removeListener("error", onLost);
    client.release(broken);
  }
}

/** `cursorBatches` a row at a time: what has been handed over is not held here. */
export async function* cursorRows<T>(
  sql: string,
  params: unknown[],
  options: { batch?: number; pool?: pg.Pool; idleMs?: number } = {},
): AsyncGenerator<T> {
  for await (const rows of cursorBatches<T>(sql, params, options)) {
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i]!;
      rows[i] = undefined as never;
      yield row;
    }
  }
}
