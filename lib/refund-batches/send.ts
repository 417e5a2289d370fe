import "server-only";
import { setTimeout as sleep } from "node:timers/promises";
import { db } from "@/lib/platform/db";
import { DomainError } from "@/lib/platform/errors";
import { log } from "@/lib/platform/log";
import { actorFor, STAFF_SELECT, toStaff } from "@/lib/platform/auth/actor";
import { getSettings } from "@/lib/platform/settings/service";
import { requestRefund, type RefundReason } from "@/lib/operations";
import type { OperationStatus, RefundBatchRow, RefundBatchRowStatus } from "@/lib/generated/prisma/client";

/** The row's idempotency key: the same row always asks for the same refund. */
export const rowKey = (batchId: string, rowIndex: number) => `batch:${batchId}:${rowIndex}`;

/** Longer than the longest payment API time-out (120 s): a claim this old lost its worker. */
export const STALE_CLAIM_SECONDS = 300;

/** The next row of a sending batch, taken by this worker alone; null when none is left. */
export async function claimRow(batchId: string, staleSeconds = STALE_CLAIM_SECONDS): Promise<RefundBatchRow | null> {
  const [row] = await db.$queryRaw<{ id: string }[]>`
    UPDATE refund_batch_rows SET status = 'sent', claimed_at = now()
     WHERE id = (
       SELECT r.id FROM refund_batch_rows r JOIN refund_batches b ON b.id = r.batch_id
        WHERE r.batch_id = ${batchId}::uuid AND b.status = 'sending'
          AND (r.status = 'pending'
               OR (r.status = 'sent' AND r.operation_id IS NULL
                   AND r.claimed_at < now() - make_interval(secs => ${staleSeconds})))
        ORDER BY r.row_index LIMIT 1
        FOR UPDATE OF r SKIP LOCKED)
    RETURNING id`;
  return row ? db.refundBatchRow.findUnique({ where: { id: row.id } }) : null;
}

/** A row's state from its refund's: waiting for a manager and in flight are both "sent". */
export const ROW_OF_OPERATION: Record<OperationStatus, RefundBatchRowStatus> = {
  pending_approval: "sent",
  pending: "sent",
  succeeded: "succeeded",
  failed: "failed",
  rejected: "failed",
  unknown: "unknown",
};

/** One claimed row through the refund path, as the batch's maker asked for it. */
export async function sendRow(row: RefundBatchRow): Promise<void> {
  const batch = await db.refundBatch.findUniqueOrThrow({ where: { id: row.batchId } });
  const maker = await db.user.findUniqueOrThrow({ where: { id: batch.createdById }, select: STAFF_SELECT });
  const actor = actorFor(toStaff(maker));
  try {
    const { operation } = await requestRefund(
      row.transactionId!,
      {
        amount: Number(row.amount),
        reason: row.reason as RefundReason,
        ...(row.note ? { note: row.note } : {}),
      },
      rowKey(row.batchId, row.rowIndex),
      actor,
      row.batchId,
    );
    await db.refundBatchRow.update({
      where: { id: row.id },
      data: {
        operationId: operation.id,
        status: ROW_OF_OPERATION[operation.status],
        failureReason: operation.status === "failed" ? operation.errorMessage : null,
      },
    });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    await db.refundBatchRow.update({
      where: { id: row.id },
      data: { status: "failed", failureReason: error.message },
    });
  }
}

async function finishIfDone(batchId: string) {
  const left = await db.refundBatchRow.count({
    where: { batchId, OR: [{ status: "pending" }, { status: "sent", operationId: null }] },
  });
  if (left) return false;
  await db.refundBatch.updateMany({
    where: { id: batchId, status: "sending" },
    data: { status: "done", finishedAt: new Date() },
  });
  return true;
}

/** Sends rows at the configured rate for up to `budgetMs`. */
export async function sendBatch(batchId: string, budgetMs = 50_000): Promise<"done" | "more" | "wait"> {
  const { refundBatchRatePerSecond } = await getSettings();
  const gap = 1000 / refundBatchRatePerSecond;
  const until = Date.now() + budgetMs;
  while (Date.now() < until) {
    const started = Date.now();
    const row = await claimRow(batchId);
    if (!row) {
      if (await finishIfDone(batchId)) return "done";
      const batch = await db.refundBatch.findUnique({ where: { id: batchId }, select: { status: true } });
      return batch?.status === "sending" ? "wait" : "done";
    }
    try {
      await sendRow(row);
    } catch (error) {
      log.error({ err: error }, `Refund batch ${batchId} row ${row.rowIndex} stopped; it is taken again later`);
    }
    await sleep(Math.max(0, gap - (Date.now() - started)));
  }
  return "more";
}
