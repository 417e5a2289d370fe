import "server-only";
import { db } from "@/lib/platform/db";
import { readCsvTable } from "@/lib/platform/csv-read";
import { getSettings } from "@/lib/platform/settings/service";
import type { Prisma } from "@/lib/generated/prisma/client";
import { checkRows, totalsOf } from "./check";
import { REFUND_BATCH_COLUMNS, REFUND_BATCH_MAX_ROWS, REFUND_BATCH_REQUIRED, type RefundBatchInput } from "./columns";
import type { RefundBatchPreview } from "./columns";
import { batchThresholdReasons, UNREVIEWED_WINDOW_HOURS } from "./threshold";
import { resolveCharges } from "./resolve";

/** The file's rows as asked; line 1 is the header, so row N is line N + 1. */
export function inputsFromCsv(csv: string): RefundBatchInput[] {
  const records = readCsvTable(csv, {
    columns: REFUND_BATCH_COLUMNS,
    required: REFUND_BATCH_REQUIRED,
    maxRows: REFUND_BATCH_MAX_ROWS,
  });
  return records.map((r, i) => ({
    index: i + 1,
    given: r.transaction ?? "",
    amount: r.amount ?? "",
    reason: r.reason ?? "",
    note: r.note ?? "",
  }));
}

/** Rows selected on the transactions list: each refunded in full, all for one reason. */
export const inputsFromSelection = (ids: string[], reason: string, note = ""): RefundBatchInput[] =>
  ids.map((id, i) => ({ index: i + 1, given: id, amount: "", reason, note }));

type Reader = Pick<Prisma.TransactionClient, "$queryRaw">;

/** Per currency, what batches of the last day that no manager saw refund (./threshold.ts). */
export async function unreviewedTotals(tx: Reader = db): Promise<Record<string, number>> {
  const rows = await tx.$queryRaw<{ currency: string; sum: number }[]>`
    SELECT t.key AS currency, sum((t.value)::bigint)::float8 AS sum
      FROM refund_batches b, jsonb_each_text(b.totals) t
     WHERE NOT b.needs_approval AND b.status IN ('approved', 'sending', 'done', 'cancelled')
       AND b.created_at > now() - make_interval(hours => ${UNREVIEWED_WINDOW_HOURS})
     GROUP BY t.key`;
  return Object.fromEntries(rows.map((r) => [r.currency, Number(r.sum)]));
}

export async function previewRefundBatch(inputs: RefundBatchInput[]): Promise<RefundBatchPreview> {
  const [resolve, settings, unreviewed] = await Promise.all([
    resolveCharges(inputs.map((i) => i.given)),
    getSettings(),
    unreviewedTotals(),
  ]);
  const rows = checkRows(inputs, resolve, settings);
  const totals = totalsOf(rows);
  const threshold = batchThresholdReasons(settings, totals, unreviewed);
  return {
    rows,
    problems: rows.filter((r) => r.problems.length).length,
    totals,
    managerRows: rows.filter((r) => !r.problems.length && r.needsManager).length,
    batchNeedsManager: threshold.over.length + threshold.unset.length > 0,
    thresholdOver: threshold.over,
    thresholdUnset: threshold.unset,
  };
}
