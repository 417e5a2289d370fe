import "server-only";
import { db } from "@/lib/platform/db";
import { getBoss, QUEUES } from "@/lib/platform/jobs/boss";
import { log } from "@/lib/platform/log";

// A batch's sending is a job (lib/jobs/worker.ts): one at a time per batch, taken by any instance.

export async function queueBatch(batchId: string, startAfter = 0) {
  try {
    const boss = await getBoss();
    await boss.send(QUEUES.refundBatch, { batchId }, { singletonKey: batchId, startAfter });
  } catch (error) {
    log.warn(`Could not queue refund batch ${batchId}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** An approved batch starts: its rows may be claimed from now on. */
export async function startSending(batchId: string) {
  const { count } = await db.refundBatch.updateMany({
    where: { id: batchId, status: "approved" },
    data: { status: "sending" },
  });
  if (count) await queueBatch(batchId);
}

/** Every batch still sending gets its job back. */
export async function sweepRefundBatches() {
  const open = await db.refundBatch.findMany({
    where: { status: { in: ["approved", "sending"] } },
    select: { id: true, status: true },
  });
  for (const b of open) await (b.status === "approved" ? startSending(b.id) : queueBatch(b.id));
  return open.length;
}
