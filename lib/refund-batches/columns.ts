import type { RefundReason } from "@/lib/operations/labels";

// The refund batch file (issue 34) and what a preview says of each of its rows. No server
// imports: the upload page shows these types.

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

/**
 * A row's problem at its column (null: the row as a whole): `message` is a catalog key with
 * its values (lib/platform/keyed.ts) the page says in the reader's language, `text` the same
 * in English for the API and the result file.
 */
export type RefundBatchProblem = { column: RefundBatchColumn | null; message: string; text: string };

export type RefundBatchPreviewRow = {
  index: number;
  given: string;
  /** The charge the row refunds (null: not found). */
  transactionId: string | null;
  currency: string | null;
  /** Minor units; null when it cannot be known (no charge, an unreadable amount). */
  amount: number | null;
  reason: RefundReason | null;
  note: string | null;
  problems: RefundBatchProblem[];
  /** The refund itself will wait for a manager (the per-charge rule, lib/operations/approval-rule.ts). */
  needsManager: boolean;
};

export type RefundBatchPreview = {
  rows: RefundBatchPreviewRow[];
  /** Rows with at least one problem. */
  problems: number;
  /** Per currency, the rows without a problem: what the batch would refund. */
  totals: Record<string, number>;
  /** Rows whose refund will wait for a manager by the per-charge rule. */
  managerRows: number;
  /** The batch as a whole will wait for a manager (lib/refund-batches/threshold.ts). */
  batchNeedsManager: boolean;
};
