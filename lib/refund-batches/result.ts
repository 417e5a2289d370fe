import "server-only";
import { db } from "@/lib/platform/db";
import { NotFound } from "@/lib/platform/errors";
import { toMajorString } from "@/lib/platform/money";
import { batchRows } from "./view";

// The result file: one line per row, read a page at a time (a 10,000-row batch never sits in memory).

export const RESULT_COLUMNS = [
  "row",
  "transaction",
  "charge_id",
  "currency",
  "amount",
  "outcome",
  "refund_reference",
  "refund_id",
  "failure_reason",
] as const;

/** The batch's rows as result lines; an unknown batch is refused before the file starts. */
export async function batchResultRows(id: string): Promise<AsyncIterable<unknown[]>> {
  if (!(await db.refundBatch.findUnique({ where: { id }, select: { id: true } })))
    throw new NotFound("No refund batch with this id.");
  return lines(id);
}

async function* lines(id: string): AsyncGenerator<unknown[]> {
  let after = 0;
  for (;;) {
    const rows = await batchRows(id, after, 1000);
    for (const r of rows)
      yield [
        r.index,
        r.given,
        r.transactionId ?? "",
        r.currency,
        r.currency ? toMajorString(r.amount, r.currency) : "",
        r.outcome,
        r.reference ?? "",
        r.refundId ?? "",
        r.failure ?? "",
      ];
    if (rows.length < 1000) return;
    after = rows[rows.length - 1]!.index;
  }
}
