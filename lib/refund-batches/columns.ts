import type { RefundReason } from "@/lib/operations";

/** The file's columns: a charge (its transaction id or merchant reference), the amount (blank: all that is left), why. */
export const REFUND_BATCH_COLUMNS = ["transaction", "amount", "reason", "note"] as const;
export type RefundBatchColumn = (typeof REFUND_BATCH_COLUMNS)[number];
export const REFUND_BATCH_REQUIRED: RefundBatchColumn[] = ["transaction", "reason"];
/** A file's rows at most; the selection on the list is far below it. */
export const REFUND_BATCH_MAX_ROWS = 10_000;

/** The template's one example row, to overwrite. */
export const REFUND_BATCH_EXAMPLE: Record<RefundBatchColumn, string> = {
  transaction: "order-1001",
  amount: "12.50",
  reason: "product_issue",
  note: "Recall of batch 42",
};

/** One row as asked: from the file (amount as typed) or the selection (the whole amount left). */
export type RefundBatchInput = {
  index: number;
  given: string;
  amount: string;
  reason: string;
  note: string;
};

/** A row's problem at its column (null: the row as a whole). */
export type RefundBatchProblem = { column: RefundBatchColumn | null; message: string; text: string };

export type RefundBatchPreviewRow = {
  index: number;
  given: string;
  transactionId: string | null;
  currency: string | null;
  amount: number | null;
  reason: RefundReason | null;
  note: string | null;
  problems: RefundBatchProblem[];
  needsManager: boolean;
};

export type RefundBatchPreview = {
  rows: RefundBatchPreviewRow[];
  problems: number;
  totals: Record<string, number>;
  managerRows: number;
  batchNeedsManager: boolean;
  thresholdOver: string[];
  thresholdUnset: string[];
};
