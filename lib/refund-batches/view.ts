import "server-only";
import { db } from "@/lib/platform/db";
import { NotFound } from "@/lib/platform/errors";
import type { OperationStatus, Prisma, RefundBatch, RefundBatchRowStatus } from "@/lib/generated/prisma/client";
import { keysetOn } from "@/lib/platform/api/keyset";
import { isUuid } from "@/lib/platform/api/list-params";
import type { BatchListQuery } from "./schemas";
import {
  BATCH_ROWS_PAGE,
  type BatchOutcome,
  type RefundBatchCounts,
  type RefundBatchPage,
  type RefundBatchRowView,
  type RefundBatchView,
} from "./view-types";

/** A row's outcome: its refund's when it has one, else the row's own state. */
export function outcomeOf(row: RefundBatchRowStatus, op: OperationStatus | null): BatchOutcome {
  if (!op) return row;
  if (op === "pending_approval") return "waiting";
  if (op === "pending") return "sent";
  return op === "rejected" ? "failed" : op;
}

type RowRead = {
  id: string;
  row_index: number;
  given: string;
  transaction_id: string | null;
  charge_reference: string | null;
  amount: bigint;
  currency: string;
  reason: string | null;
  note: string | null;
  status: RefundBatchRowStatus;
  failure_reason: string | null;
  operation_id: string | null;
  op_status: OperationStatus | null;
  op_reference: string | null;
  op_result: string | null;
  op_error: string | null;
};

/** Rows in order from `after` (a row index), up to `limit`. */
export async function batchRows(id: string, after = 0, limit = 500): Promise<RefundBatchRowView[]> {
  const rows = await db.$queryRaw<RowRead[]>`
    SELECT r.id, r.row_index, r.given, r.transaction_id, t.reference AS charge_reference, r.amount, r.currency, r.reason, r.note, r.status,
           r.failure_reason, r.operation_id, o.status AS op_status, o.reference AS op_reference,
           o.result_id AS op_result, o.error_message AS op_error
      FROM refund_batch_rows r LEFT JOIN operations o ON o.id = r.operation_id
      LEFT JOIN ledger_transactions t ON t.id = r.transaction_id
     WHERE r.batch_id = ${id}::uuid AND r.row_index > ${after}
     ORDER BY r.row_index LIMIT ${limit}`;
  return rows.map((r) => {
    const outcome = outcomeOf(r.status, r.op_status);
    return {
      index: r.row_index,
      given: r.given,
      chargeReference: r.charge_reference,
      transactionId: r.transaction_id,
      amount: Number(r.amount),
      currency: r.currency,
      reason: r.reason,
      note: r.note,
      outcome,
      operationId: r.operation_id,
      reference: r.op_reference,
      refundId: r.op_result,
      failure: outcome === "failed" || outcome === "skipped" ? (r.op_error ?? r.failure_reason) : null,
    };
  });
}

export async function batchCounts(id: string): Promise<RefundBatchCounts> {
  const groups = await db.$queryRaw<{ status: RefundBatchRowStatus; op: OperationStatus | null; n: bigint }[]>`
    SELECT r.status, o.status AS op, count(*) AS n
      FROM refund_batch_rows r LEFT JOIN operations o ON o.id = r.operation_id
      LEFT JOIN ledger_transactions t ON t.id = r.transaction_id
     WHERE r.batch_id = ${id}::uuid GROUP BY 1, 2`;
  const counts: RefundBatchCounts = {
    total: 0,
    pending: 0,
    sent: 0,
    waiting: 0,
    succeeded: 0,
    failed: 0,
    unknown: 0,
    skipped: 0,
    cancelled: 0,
  };
  for (const g of groups) {
    counts[outcomeOf(g.status, g.op)] += Number(g.n);
    counts.total += Number(g.n);
  }
  return counts;
}

/** Rows not yet at a final state: to send, sent and not answered, waiting for a manager, unknown. */
export const rowsOpen = (c: RefundBatchCounts) => c.pending + c.sent + c.waiting + c.unknown;

export function batchView(b: RefundBatch, counts: RefundBatchCounts): RefundBatchView {
  return {
    id: b.id,
    status: b.status === "done" && rowsOpen(counts) > 0 ? "sending" : b.status,
    source: b.source,
    fileName: b.fileName,
    createdBy: b.createdByEmail,
    createdById: b.createdById,
    createdAt: b.createdAt.toISOString(),
    totals: (b.totals ?? {}) as Record<string, number>,
    needsApproval: b.needsApproval,
    decidedBy: b.decidedByEmail,
    decisionComment: b.decisionComment,
    decidedAt: b.decidedAt?.toISOString() ?? null,
    cancelledBy: b.cancelledByEmail,
    finishedAt: b.finishedAt?.toISOString() ?? null,
    counts,
  };
}

/** The batch with one page of its rows. */
export async function getRefundBatchOrThrow(id: string, after = 0): Promise<RefundBatchPage> {
  const batch = await db.refundBatch.findUnique({ where: { id } });
  if (!batch) throw new NotFound("No refund batch with this id.");
  const [counts, rows] = await Promise.all([batchCounts(id), batchRows(id, after, BATCH_ROWS_PAGE + 1)]);
  return {
    ...batchView(batch, counts),
    rows: rows.slice(0, BATCH_ROWS_PAGE),
    rowsAfter: after,
    moreRows: rows.length > BATCH_ROWS_PAGE,
  };
}

const paged = keysetOn<RefundBatch, Prisma.RefundBatchWhereInput, Prisma.RefundBatchOrderByWithRelationInput>(
  "createdAt",
  "id",
  isUuid,
);

/** A page of batches, newest first, in one status or all (the approvals page: those awaiting a manager). */
export async function pageRefundBatches(f: BatchListQuery) {
  const rows = await db.refundBatch.findMany({
    where: { AND: [paged.after(f.cursor), f.status ? { status: f.status } : {}] },
    orderBy: paged.orderBy,
    take: f.limit + 1,
  });
  const page = paged.page(rows, f.limit, f.cursor);
  return {
    batches: await Promise.all(page.rows.map(async (b) => batchView(b, await batchCounts(b.id)))),
    nextCursor: page.nextCursor,
    older: page.older,
  };
}

export const refundBatchExists = async (id: string) => (await db.refundBatch.count({ where: { id } })) > 0;
