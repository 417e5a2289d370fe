import "server-only";
import type pg from "pg";
import { pool as defaultPool } from "@/lib/platform/db";

/** How long a reader may leave the cursor waiting between two batches. */
export const CURSOR_IDLE_MS = 60_000;

/** Every row of one query through a server-side cursor, in one READ ONLY REPEATABLE READ snapshot, by batch. */
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
  // An 'error' event on an idle client would end the process unheard: kept, it fails the next FETCH instead.
  let lost: Error | undefined;
  const onLost = (e: Error) => {
    lost = e;
  };
  client.on("error", onLost);
  const text = `FETCH FORWARD ${batch} FROM rows_out`;
  const fetchNext = async () =>
    (rowMode ? await client.query({ text, rowMode }) : await client.query<T & pg.QueryResultRow>(text)).rows as T[];
  let ahead: ReturnType<typeof fetchNext> | undefined;
  try {
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    // A reader that stops pulling would hold the client and its snapshot (holding vacuum back): the server ends it.
    await client.query(`SET LOCAL idle_in_transaction_session_timeout = ${idleMs}`);
    await client.query(`DECLARE rows_out NO SCROLL CURSOR FOR ${sql}`, params);
    for (;;) {
      const rows = await (ahead ?? fetchNext());
      ahead = undefined;
      const last = rows.length < batch;
      if (!last && readAhead) {
        ahead = fetchNext();
        ahead.catch(() => undefined);
      }
      if (rows.length) yield rows;
      if (last) break;
    }
  } finally {
    if (ahead) await ahead.catch((e: Error) => (lost ??= e));
    let broken: Error | undefined = lost;
    if (!broken) await client.query("ROLLBACK").catch((e: Error) => (broken = e));
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
