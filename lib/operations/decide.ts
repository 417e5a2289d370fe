import "server-only";
import { db, inTransaction } from "@/lib/platform/db";
import { Conflict, DomainError, Forbidden, NotFound } from "@/lib/platform/errors";
import { audit, auditSql } from "@/lib/platform/audit/log";
import type { Actor } from "@/lib/platform/auth/actor";
import type { Operation } from "@/lib/generated/prisma/client";
import { exceedsRoom, isRoomError, operationRoom } from "./room";
import { operationView } from "./view";
import { execute } from "./execute";
import { refuseWhileUnsettled } from "./unsettled";
import { notifySql, refundDecided } from "@/lib/notifications";
import { lockOperation, setOperation } from "./rows";

async function decide(id: string, { comment }: { comment: string }, actor: Actor, verdict: "approve" | "reject") {
  const action = `refund.${verdict}`;
  let op: Operation;
  try {
    op = await inTransaction(async (tx) => {
      const row = await lockOperation(tx, id);
      if (!row) throw new NotFound("No operation with this id.");
      if (row.status !== "pending_approval")
        throw new Conflict(
          `This request was already decided (${row.status.replace("_", " ")}${row.decidedByEmail ? ` by ${row.decidedByEmail}` : ""}).`,
          "already_decided",
        );
      if (row.requestedById === actor.user.id)
        throw new Forbidden("You made this request; another manager must decide on it.", "own_request");
      if (verdict === "approve") await refuseWhileUnsettled(tx, row.transactionId, id);
      const decided = await setOperation(tx, id, {
        status: verdict === "approve" ? "pending" : "rejected",
        decidedById: actor.user.id,
        decidedByEmail: actor.user.email,
        decisionComment: comment,
        decidedAt: new Date(),
        ...(verdict === "reject" ? { resolvedAt: new Date() } : {}),
      });
      await auditSql(tx, {
        actor,
        action,
        result: "ok",
        targetType: "transaction",
        targetId: decided.transactionId,
        amount: decided.amount,
        currency: decided.currency,
        reason: comment,
        detail: { operationId: decided.id, reference: decided.reference, requestedBy: decided.requestedByEmail },
      });
      await notifySql((text, params) => tx.query(text, params), refundDecided(decided, verdict));
      return decided;
    });
  } catch (error) {
    const row = await db.operation.findUnique({ where: { id } });
    const refusal = isRoomError(error)
      ? exceedsRoom(
          "refund",
          (await operationRoom(row!.transactionId, id)).refund,
          row!.currency,
          "Reject this request and ask for a new one.",
        )
      : error;
    if (refusal instanceof DomainError && row) {
      await audit({
        actor,
        action,
        result: refusal instanceof Forbidden ? "denied" : refusal instanceof NotFound ? "not_found" : "conflict",
        targetType: "transaction",
        targetId: row.transactionId,
        amount: row.amount,
        currency: row.currency,
        reason: refusal.message,
        detail: { operationId: id },
      });
    }
    throw refusal;
  }
  return operationView(verdict === "approve" ? await execute(op) : op);
}

export const approveOperation = (id: string, input: { comment: string }, actor: Actor) =>
  decide(id, input, actor, "approve");
export const rejectOperation = (id: string, input: { comment: string }, actor: Actor) =>
  decide(id, input, actor, "reject");
