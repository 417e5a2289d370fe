import "server-only";
import { pipeline, Readable } from "node:stream";
import { type Options, stringify } from "csv-stringify";
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
 * Rows as a CSV download, header line first, never cached. An async iterable is streamed
 * (keyset batches: a million rows never sit in memory); an array is written at once.
 */
export function csvDownload(rows: Rows, columns: readonly string[], filename: string): Response {
  const options = { header: true, columns: [...columns], cast: { string: neutralise } };
  const body =
    Symbol.asyncIterator in rows
      ? (Readable.toWeb(streamed(rows, options)) as ReadableStream)
      : stringifyAll(rows, options);
  return noStore(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
    },
  });
}

/** A read that fails mid-file fails the download visibly, rather than leaving half a file hanging. */
function streamed(rows: AsyncIterable<unknown[]>, options: Options) {
  const out = stringify(options);
  pipeline(Readable.from(rows), out, (error) => {
    // A person who cancels the download (the response stream is aborted) is no fault of ours.
    if (error && !cancelled(error)) log.error({ err: error }, "CSV export stopped part-way");
  });
  return out;
}

const cancelled = (e: Error & { code?: string }) =>
  e.name === "AbortError" || e.code === "ABORT_ERR" || e.code === "ERR_STREAM_PREMATURE_CLOSE";

/** `<prefix>-YYYY-MM-DD-HH-MM-SS.csv`, the export's time on the exporting person's clock (their zone). */
export const stampedCsvName = (prefix: string, timeZone: string, at: Date = new Date()) =>
  `${prefix}-${localTime(at, timeZone).replace(/[: ]/g, "-")}.csv`;

/** The header of a time column's local twin, naming the zone: `created_at_local (Asia/Shanghai)`. */
export const localColumnName = (column: string, timeZone: string) => `${column}_local (${timeZone})`;

/**
 * An instant as wall-clock time in a zone, `YYYY-MM-DD HH:MM:SS` (what spreadsheets read as a
 * date and time; the zone is in the column's header, the UTC column beside it settles the
 * repeated hour of a DST change). Empty for no instant. Digits only: nothing a spreadsheet runs.
 */
export function localTime(value: unknown, timeZone: string): string {
  if (value === null || value === undefined || value === "") return "";
  const at = value instanceof Date ? value : new Date(String(value));
  if (Number.isNaN(at.getTime())) return "";
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }).formatToParts(at);
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
