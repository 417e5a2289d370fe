import "server-only";
import { lockRow, raiseRefunded, type EventText, said, recordTransaction } from "@/lib/ledger";
import { db, inTransaction, pool } from "@/lib/platform/db";
import { retryOnDeadlock } from "@/lib/platform/db-retry";
import { audit } from "@/lib/platform/audit/log";
import { getUpi, type Charge } from "@/lib/upi";
import type { Operation } from "@/lib/generated/prisma/client";
import { log } from "@/lib/platform/log";
import { reasonText } from "./labels";
import { countTry, setOperation, updateOperation } from "./rows";

// The steps both the first send (execute.ts) and the reconciler (reconcile.ts) take.

export type Result = { id: string; reference?: string | null; object?: string } & Record<string, unknown>;

/** One call to the payment service with the operation's own reference. */
export async function send(op: Operation): Promise<Result> {
  await countTry(pool, op.id, "attempts");
  const upi = await getUpi();
  const amount = Number(op.amount);
  if (op.kind === "capture") {
    const shipping =
      op.shippingVendor || op.shippingTracking
        ? { vendor: op.shippingVendor ?? undefined, tracking: op.shippingTracking ?? undefined }
        : undefined;
    return upi.capture({
      id: op.transactionId,
      reference: op.reference,
      transaction_amount: amount,
      ...(op.multiCapture ? { multi_capture: true } : {}),
      ...(op.lastCapture ? { last_capture: true } : {}),
      ...(shipping ? { shipping } : {}),
    });
  }
  if (op.kind === "refund")
    return upi.refund({
      id: op.transactionId,
      reference: op.reference,
      amount,
      ...(reasonText(op) ? { note: reasonText(op)!.slice(0, 500) } : {}),
    });
  return upi.cancel({ id: op.transactionId, reference: op.reference });
}

/** The service refused it: the operation failed, and its amount is free again. */
export async function markFailed(op: Operation, code: string, message: string): Promise<Operation> {
  return setOperation(pool, op.id, {
    status: "failed",
    errorCode: code,
    errorMessage: message,
    resolvedAt: new Date(),
  });
}

export function outcomeAudit(op: Operation, result: string, code?: string, by: "request" | "reconciler" = "request") {
  return audit({
    actor: null,
    action: `${op.kind}.outcome`,
    result,
    targetType: "transaction",
    targetId: op.transactionId,
    amount: op.amount,
    currency: op.currency,
    reason: code ? `${code}: ${op.errorMessage ?? ""}`.trim() : undefined,
    detail: {
      operationId: op.id,
      reference: op.reference,
      requestedBy: op.requestedByEmail,
      approvedBy: op.decidedByEmail,
      resultId: op.resultId,
      by,
    },
  });
}

/** The service did it: mark the operation succeeded (once — a concurrent settle loses). */
export async function settleSucceeded(
  op: Operation,
  result: Result | null,
  via: "console" | "reconciler",
  charge?: Charge,
): Promise<Operation> {
  const summary = said("operationSucceeded", {
    kind: op.kind,
    amount: Number(op.amount),
    currency: op.currency,
    reference: op.reference,
    actor: op.requestedByEmail,
    approver: op.decidedByEmail ?? "none",
    via,
  });
  // Lock order: the charge's row first, then the refund's and the operation's (lock-order.test.ts); deadlocks rerun.
  const won = await retryOnDeadlock(() =>
    inTransaction(async (tx) => {
      await lockRow(tx, op.transactionId);
      const fields = {
        status: "succeeded",
        resultId: result?.id ?? null,
        resolvedAt: new Date(),
        errorCode: null,
        errorMessage: null,
      } as const;
      if (!(await updateOperation(tx, op.id, fields, ["pending", "unknown"]))) return false;
      if (!result) return true;
      const child = {
        ...result,
        object: op.kind,
        reference: result.reference ?? op.reference,
        amount: (result.amount as number | undefined) ?? Number(op.amount),
        currency: (result.currency as string | undefined) ?? op.currency,
        status: (result.status as string | undefined) ?? "succeeded",
      };
      await recordTransaction(
        child as never,
        { source: "console", summary, actorEmail: op.requestedByEmail, parentId: op.transactionId },
        tx,
      );
      if (op.kind === "refund" && child.status === "succeeded" && (await raiseRefunded(tx, op.transactionId)))
        await updateOperation(tx, op.id, { ledgerApplied: true });
      return true;
    }),
  );
  const settled = await db.operation.findUniqueOrThrow({ where: { id: op.id } });
  if (won) {
    await outcomeAudit(settled, "succeeded", undefined, via === "reconciler" ? "reconciler" : "request");
    await applyToLedger(settled, summary, charge);
  }
  return db.operation.findUniqueOrThrow({ where: { id: op.id } });
}

/** Inquires the charge and writes it to the ledger; until then the operation still holds its amount back. */
export async function applyToLedger(op: Operation, summary: EventText, known?: Charge) {
  try {
    const fresh = known ?? ((await (await getUpi()).getTransaction(op.transactionId)) as Charge);
    await inTransaction(async (tx) => {
      const noEvent = op.kind === "cancel" && op.resultId === op.transactionId;
      await recordTransaction(fresh, { source: "console", summary, actorEmail: op.requestedByEmail, noEvent }, tx);
      await updateOperation(tx, op.id, { ledgerApplied: true });
    });
  } catch (error) {
    log.warn(
      `Operation ${op.id}: the charge row could not be refreshed yet (${error instanceof Error ? error.message : String(error)})`,
    );
  }
}
