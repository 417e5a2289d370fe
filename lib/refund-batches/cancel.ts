import "server-only";
import { db } from "@/lib/platform/db";
import { Conflict, NotFound } from "@/lib/platform/errors";
import { audit } from "@/lib/platform/audit/log";
import type { Actor } from "@/lib/platform/auth/actor";

// A claimed row is being sent and goes on: its claim holds the row's lock, so this update waits for it.

const OPEN = ["draft", "awaiting_approval", "approved", "sending"] as const;

export async function cancelRefundBatch(id: string, actor: Actor): Promise<{ id: string; cancelled: number }> {
  return db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM refund_batches WHERE id = ${id}::uuid FOR UPDATE`;
    const batch = await tx.refundBatch.findUnique({ where: { id } });
    if (!batch) throw new NotFound("No refund batch with this id.");
    if (!(OPEN as readonly string[]).includes(batch.status))
      throw new Conflict(`This batch is ${batch.status} already; nothing is left to cancel.`, "batch_closed");
    await tx.refundBatch.update({
      where: { id },
      data: {
        status: "cancelled",
        cancelledByEmail: actor.user.email,
        cancelledAt: new Date(),
        finishedAt: new Date(),
      },
    });
    const { count } = await tx.refundBatchRow.updateMany({
      where: { batchId: id, status: "pending" },
      data: { status: "cancelled" },
    });
    await audit(
      {
        actor,
        action: "refund_batch.cancel",
        result: "ok",
        targetType: "refund_batch",
        targetId: id,
        detail: { cancelledRows: count, was: batch.status },
      },
      tx,
    );
    return { id, cancelled: count };
  });
}
