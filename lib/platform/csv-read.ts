import { parse } from "csv-parse/sync";
import { Invalid, Malformed } from "@/lib/platform/errors";
import { messageText } from "@/lib/platform/i18n/message-text";
import { keyed } from "@/lib/platform/keyed";

const FORMULA = /^(?:[=+@\t\r]|-(?![\d.]|$))/;
export const isFormula = (cell: string | undefined) => FORMULA.test(cell ?? "");

function refuse(Kind: typeof Invalid | typeof Malformed, rule: string, values: Record<string, string | number>): never {
  throw new Kind(messageText(keyed(`errors.rules.${rule}`, values)), rule, values);
}

/** The header line's separator: Excel saves ";" where the decimal mark is a comma, "\t" as text. */
export function headerDelimiter(csv: string): "," | ";" | "\t" {
  const line = (csv.replace(/^\uFEFF/, "").split(/\r?\n/, 1)[0] ?? "").replace(/"[^"]*"/g, "");
  const count = (d: string) => line.split(d).length - 1;
  return ([",", ";", "\t"] as const).reduce((a, d) => (count(d) > count(a) ? d : a));
}

export type CsvTableShape = { columns: readonly string[]; required: readonly string[]; maxRows: number };

/** The file's rows by their header (names trimmed, any case); a header problem refuses the file. */
export function readCsvTable(csv: string, shape: CsvTableShape): Record<string, string>[] {
  const columns = shape.columns.join(", ");
  if (!csv.replace(/^\uFEFF/, "").trim()) refuse(Invalid, "bulk_empty", { columns });
  let header: string[] = [];
  let records: Record<string, string>[];
  try {
    records = parse(csv, {
      bom: true,
      delimiter: headerDelimiter(csv),
      columns: (names: string[]) => (header = names.map((h) => h.trim().toLowerCase())),
      skip_empty_lines: true,
      trim: true,
      relax_column_count: true,
    });
  } catch (error) {
    const line = (error as { lines?: unknown }).lines;
    refuse(Malformed, "bulk_not_csv", { line: typeof line === "number" ? line : 1 });
  }
  const unknown = header.filter((h) => h && !shape.columns.includes(h));
  const missing = shape.required.filter((c) => !header.includes(c));
  if (missing.length || unknown.length)
    refuse(Invalid, "bulk_header", {
      missing: missing.join(", "),
      missingCount: missing.length,
      unknown: unknown.join(", "),
      unknownCount: unknown.length,
      columns,
    });
  if (records.length === 0) refuse(Invalid, "bulk_no_rows", { columns });
  if (records.length > shape.maxRows) refuse(Invalid, "bulk_too_many", { max: shape.maxRows, rows: records.length });
  return records;
}
