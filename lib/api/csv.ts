import "server-only";
import { Readable } from "node:stream";
import { stringify } from "csv-stringify";
import { stringify as stringifyAll } from "csv-stringify/sync";

type Rows = unknown[][] | AsyncIterable<unknown[]>;

/**
 * Rows as a CSV download, header line first, never cached. An async iterable is streamed
 * (keyset batches: a million rows never sit in memory); an array is written at once.
 */
export function csvDownload(rows: Rows, columns: readonly string[], filename: string): Response {
  const options = { header: true, columns: [...columns] };
  const body =
    Symbol.asyncIterator in rows
      ? (Readable.toWeb(Readable.from(rows).pipe(stringify(options))) as ReadableStream)
      : stringifyAll(rows, options);
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "no-store",
    },
  });
}

/** `<prefix>-YYYY-MM-DD-HH-MM-SS.csv`, the export's time in UTC. */
export const stampedCsvName = (prefix: string) => `${prefix}-${new Date().toISOString().slice(0, 19).replace(/[:T]/g, "-")}.csv`;
