import type { RefundBatchRowStatus, RefundBatchSource, RefundBatchStatus } from "@/lib/generated/prisma/enums";

/** A row's outcome: its stored state, or "waiting" while its refund waits for a manager. */
export type BatchOutcome = RefundBatchRowStatus | "waiting";

export type RefundBatchCounts = Record<BatchOutcome | "total", number>;

export type RefundBatchRowView = {
  index: number;
  given: string;
  transactionId: string | null;
  amount: number;
  currency: string;
  reason: string | null;
  note: string | null;
  outcome: BatchOutcome;
  operationId: string | null;
  reference: string | null;
  refundId: string | null;
  failure: string | null;
};

export type RefundBatchView = {
  id: string;
  status: RefundBatchStatus;
  source: RefundBatchSource;
  fileName: string | null;
  createdBy: string;
  createdById: string;
  createdAt: string;
  totals: Record<string, number>;
  needsApproval: boolean;
  decidedBy: string | null;
  decisionComment: string | null;
  decidedAt: string | null;
  cancelledBy: string | null;
  finishedAt: string | null;
  counts: RefundBatchCounts;
};

export const BATCH_ROWS_PAGE = 500;

/** A batch with one page of its rows: those after row index `rowsAfter`, and whether more follow. */
export type RefundBatchPage = RefundBatchView & { rows: RefundBatchRowView[]; rowsAfter: number; moreRows: boolean };

/** Rows not yet finished: the batch page keeps polling while any is. */
export const STILL_MOVING: BatchOutcome[] = ["pending", "sent", "waiting", "unknown"];
