import "server-only";
import { db } from "@/lib/platform/db";
import { Conflict, DomainError, Forbidden, NotFound } from "@/lib/platform/errors";
import { audit } from "@/lib/platform/audit/log";
import type { Actor } from "@/lib/platform/auth/actor";
import type { RefundBatch } from "@/lib/generated/prisma/client";
import { startSending } from "./queue";

async function decide(id: string, comment: string, actor: Actor, verdict: "approve" | "reject") {
  const action = `refund_batch.${verdict}`;
  let batch: RefundBatch;
  try {
    batch = await db.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT id FROM refund_batches WHERE id = ${id}::uuid FOR UPDATE`;
      const row = await tx.refundBatch.findUnique({ where: { id } });
      if (!row) throw new NotFound("No refund batch with this id.");
      if (row.status !== "awaiting_approval")
        throw new Conflict(
          `This batch is not waiting for a decision (${row.status.replace("_", " ")}${row.decidedByEmail ? `, by ${row.decidedByEmail}` : ""}).`,
          "already_decided",
        );
      if (row.createdById === actor.user.id)
        throw new Forbidden("You made this batch; another manager must decide on it.", "own_request");
      const decided = await tx.refundBatch.update({
        where: { id },
        data: {
          status: verdict === "approve" ? "approved" : "rejected",
          decidedById: actor.user.id,
          decidedByEmail: actor.user.email,
          decisionComment: comment,
          decidedAt: new Date(),
          ...(verdict === "reject" ? { finishedAt: new Date() } : {}),
        },
      });
      if (verdict === "reject")
        await tx.refundBatchRow.updateMany({
          where: { batchId: id, status: "pending" },
          data: { status: "cancelled" },
        });
      await audit(
        {
          actor,
          action,
          result: "ok",
          targetType: "refund_batch",
          targetId: id,
          reason: comment,
          detail: { totals: decided.totals ?? {}, madeBy: decided.createdByEmail },
        },
        tx,
      );
      return decided;
    });
  } catch (error) {
    if (error instanceof DomainError)
      await audit({
        actor,
        action,
        result: error instanceof Forbidden ? "denied" : error instanceof NotFound ? "not_found" : "conflict",
        targetType: "refund_batch",
        targetId: id,
        reason: error.message,
      });
    throw error;
  }
  if (verdict === "approve") await startSending(batch.id);
  return { id: batch.id };
}

export const approveRefundBatch = (id: string, input: { comment: string }, actor: Actor) =>
  decide(id, input.comment, actor, "approve");
export const rejectRefundBatch = (id: string, input: { comment: string }, actor: Actor) =>
  decide(id, input.comment, actor, "reject");
