import "server-only";
import { localColumnName, wallClock } from "@/lib/platform/api/csv";
import { cursorBatches } from "@/lib/platform/db-cursor";
import { toMajorString } from "@/lib/platform/money";
import type { InZone } from "@/lib/platform/api/list-params";
import { displayStatus } from "./display-status";
import type { TransactionFilter } from "./filters";
import { whereFor } from "./query";

/** The transactions file's columns; `time_created` is followed by its local twin in the reader's zone. */
export const EXPORT_COLUMNS = [
  "id",
  "type",
  "parent_id",
  "reference",
  "consumer_reference",
  "status",
  "status_detail",
  "method",
  "payment_type",
  "pan_masked",
  "currency",
  "amount",
  "amount_captured",
  "amount_refunded",
  "cny_amount",
  "country",
  "time_created",
] as const;

export const exportColumns = (timeZone: string) => [...EXPORT_COLUMNS, localColumnName("time_created", timeZone)];

const SELECT = `id, type::text, parent_id, reference, consumer_reference, status, method, payment_type, pan_masked,
  currency, amount::text, amount_captured::text, amount_refunded::text, cny_amount::text, country,
  floor(extract(epoch FROM time_created) * 1000)::int8::text`;
type Cells = [
  string,
  string,
  string | null,
  string | null,
  string | null,
  string,
  string | null,
  string | null,
  string | null,
  string,
  string,
  string | null,
  string | null,
  string | null,
  string | null,
  string,
];

const minor = (text: string): number | bigint => (text.length < 16 ? Number(text) : BigInt(text));
const major = (text: string | null, currency: string) => (text === null ? "" : toMajorString(minor(text), currency));

/** Exactly the filtered set in the list's order. */
export async function* transactionExportBatches(f: InZone<TransactionFilter>, batch = 1000) {
  const { sql, params } = whereFor(f);
  const column = f.sort === "amount" ? "t.amount" : "t.time_created";
  const order = f.dir === "asc" ? "ASC" : "DESC";
  const query = `SELECT ${SELECT} FROM ledger_transactions t WHERE ${sql} ORDER BY ${column} ${order}, t.id ${order}`;
  for await (const rows of cursorBatches<Cells>(query, params, { batch, readAhead: true, rowMode: "array" })) {
    const out: string[][] = new Array(rows.length);
    for (let i = 0; i < rows.length; i++) {
      const [
        id,
        type,
        parentId,
        reference,
        consumerRef,
        status,
        method,
        paymentType,
        pan,
        currency,
        amount,
        captured,
        refunded,
        cny,
        country,
        ms,
      ] = rows[i]!;
      const at = Number(ms);
      const amounts = {
        type,
        status,
        amount: Number(amount),
        amountCaptured: captured === null ? null : Number(captured),
        amountRefunded: refunded === null ? null : Number(refunded),
      };
      out[i] = [
        id,
        type,
        parentId ?? "",
        reference ?? "",
        consumerRef ?? "",
        status,
        displayStatus(amounts),
        method ?? "",
        paymentType ?? "",
        pan ?? "",
        currency,
        major(amount, currency),
        major(captured, currency),
        major(refunded, currency),
        major(cny, "CNY"),
        country ?? "",
        new Date(at).toISOString(),
        wallClock(at, f.timeZone),
      ];
    }
    yield out;
  }
}
