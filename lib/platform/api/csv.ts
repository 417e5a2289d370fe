import "server-only";
import type { Options } from "csv-stringify";
import { stringify as stringifyAll } from "csv-stringify/sync";
import { noStore } from "@/lib/platform/api/responses";
import { log } from "@/lib/platform/log";

type Rows = unknown[][] | AsyncIterable<unknown[]>;

// A spreadsheet runs a cell that begins with = + - @ (or their full-width forms), tab or CR:
// such text gets a leading quote. Not csv-stringify's escape_formulas, which would also quote
// negative amounts ("-12.50"), and those cannot call anything.
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
const NEGATIVE_DECIMAL = /^-\d+(\.\d+)?$/;

export const neutralise = (value: string): string =>
  FORMULA_START.test(value) && !NEGATIVE_DECIMAL.test(value) ? `'${value}` : value;

/**
 * A row source that wants to know how many of its rows are in the file: the writer calls it with
 * the running count each time a chunk goes into the response (auditedExport records that count).
 */
export const ROWS_WRITTEN = Symbol("rowsWritten");
export type CountedRows = AsyncIterable<unknown[]> & { [ROWS_WRITTEN]?: (count: number) => void };

/**
 * Rows as a CSV download, header line first, never cached. An async iterable is streamed and
 * read only as fast as the reader takes the file (see `streamed`); an array is written at once.
 */
export function csvDownload(rows: Rows | CountedRows, columns: readonly string[], filename: string): Response {
  const options = { header: true, columns: [...columns], cast: { string: neutralise } };
  const body = Symbol.asyncIterator in rows ? streamed(rows, options) : stringifyAll(rows, options);
  return noStore(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
    },
  });
}

/** Rows per chunk of the file (about 50–100 KB of CSV for a ledger row). */
export const CHUNK_ROWS = 500;

/**
 * Pull-driven: a chunk is read from the rows only when the response asks for one, and one chunk
 * at most waits queued, so a slow or stalled reader stops the reads instead of filling memory.
 * A cancelled download closes the rows (their cursor and client go back) without an error; a
 * read that fails mid-file fails the download visibly, rather than leaving half a file hanging.
 */
function streamed(rows: CountedRows, options: Options): ReadableStream<Uint8Array> {
  const source = rows[Symbol.asyncIterator]();
  const written = rows[ROWS_WRITTEN];
  const encoder = new TextEncoder();
  let count = 0;
  let started = false;
  let cancelled = false;
  written?.(0);
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const records: unknown[][] = [];
        let done = false;
        try {
          while (records.length < CHUNK_ROWS) {
            const next = await source.next();
            if (cancelled) return;
            if (next.done) {
              done = true;
              break;
            }
            records.push(next.value);
          }
        } catch (error) {
          if (cancelled) return;
          log.error({ err: error }, "CSV export stopped part-way");
          controller.error(error);
          return;
        }
        if (records.length || !started) {
          const text = stringifyAll(records, { ...options, header: !started && options.header });
          controller.enqueue(encoder.encode(text));
          started = true;
          count += records.length;
          written?.(count);
        }
        if (done) controller.close();
      },
      async cancel() {
        cancelled = true;
        await source.return?.();
      },
    },
    // Nothing read until the response asks: a stream built and never read (a HEAD request, which
    // Next answers with the GET handler and never drains) must not take a pooled client.
    { highWaterMark: 0 },
  );
}

/** `<prefix>-YYYY-MM-DD-HH-MM-SS.csv`, the export's time on the exporting person's clock (their zone). */
export const stampedCsvName = (prefix: string, timeZone: string, at: Date = new Date()) =>
  `${prefix}-${localTime(at, timeZone).replace(/[: ]/g, "-")}.csv`;

/** The header of a time column's local twin, naming the zone: `created_at_local (Asia/Shanghai)`. */
export const localColumnName = (column: string, timeZone: string) => `${column}_local (${timeZone})`;

// Building a formatter costs ~100× formatting with one: one per zone, kept (a handful of zones in use).
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/**
 * An instant as wall-clock time in a zone, `YYYY-MM-DD HH:MM:SS` (what spreadsheets read as a
 * date and time; the zone is in the column's header, the UTC column beside it settles the
 * repeated hour of a DST change). Empty for no instant. Digits only: nothing a spreadsheet runs.
 */
export function localTime(value: unknown, timeZone: string): string {
  if (value === null || value === undefined || value === "") return "";
  const at = value instanceof Date ? value : new Date(String(value));
  if (Number.isNaN(at.getTime())) return "";
  return wallClock(at.getTime(), timeZone);
}

// A zone's offset per UTC hour, worked out once (a million-row export asked Intl for every cell, ~20 µs
// each). An hour with an offset change inside (its first and last millisecond disagree) asks Intl for
// every instant in it, so a DST change stays exact to the second. Bounded: a zone's memo is cleared at
// MEMO_HOURS (~11 years of hours).
const MEMO_HOURS = 100_000;
const offsets = new Map<string, Map<number, number | null>>();

function wallClock(ms: number, timeZone: string): string {
  let memo = offsets.get(timeZone);
  if (!memo) {
    memo = new Map();
    offsets.set(timeZone, memo);
  }
  const hour = Math.floor(ms / 3_600_000);
  let offset = memo.get(hour);
  if (offset === undefined) {
    if (memo.size >= MEMO_HOURS) memo.clear();
    const first = offsetAt(hour * 3_600_000, timeZone);
    offset = first === offsetAt(hour * 3_600_000 + 3_599_999, timeZone) ? first : null;
    memo.set(hour, offset);
  }
  const year = new Date(ms).getUTCFullYear();
  if (offset === null || year < 1000 || year > 9998) return formatted(ms, timeZone);
  return new Date(ms + offset).toISOString().slice(0, 19).replace("T", " ");
}

/** Wall clock minus UTC at an instant, in ms (whole seconds: that is what the parts carry). */
function offsetAt(ms: number, timeZone: string): number {
  const [date, time] = formatted(ms, timeZone).split(" ") as [string, string];
  const [y, mo, d] = date.split("-").map(Number) as [number, number, number];
  const [h, mi, s] = time.split(":").map(Number) as [number, number, number];
  return Date.UTC(y, mo - 1, d, h, mi, s) - (ms - (((ms % 1000) + 1000) % 1000));
}

function formatted(ms: number, timeZone: string): string {
  const parts = formatterFor(timeZone).formatToParts(new Date(ms));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${get("year")}-${get("month")}-${get("day")} ${get("hour")}:${get("minute")}:${get("second")}`;
}

/**
 * An export's columns with a local-time column after each named time column (issue 21: files
 * keep ISO 8601 UTC and add the exporting person's wall clock), and the row mapper that fills it.
 */
export function withLocalTimes(columns: readonly string[], times: readonly string[], timeZone: string) {
  const isTime = (column: string | undefined) => column !== undefined && times.includes(column);
  return {
    columns: columns.flatMap((c) => (isTime(c) ? [c, localColumnName(c, timeZone)] : [c])),
    row: (cells: unknown[]): unknown[] =>
      cells.flatMap((cell, i) => (isTime(columns[i]) ? [cell, localTime(cell, timeZone)] : [cell])),
  };
}
