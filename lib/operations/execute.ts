import "server-only";
import { addEvent, said, consoleEvent } from "@/lib/ledger";
import { pool } from "@/lib/platform/db";
import { UpiError } from "@/lib/upi";
import type { Operation } from "@/lib/generated/prisma/client";
import { log } from "@/lib/platform/log";
import { markFailed, outcomeAudit, send, settleSucceeded } from "./settle";
import { scheduleReconcile } from "./schedule";
import { setOperation } from "./rows";

/** Sends a pending operation and records what came back; never throws for an upstream answer. */
export async function execute(op: Operation): Promise<Operation> {
  try {
    return await settleSucceeded(op, await send(op), "console");
  } catch (error) {
    return settleError(op, error);
  }
}

async function settleError(op: Operation, error: unknown): Promise<Operation> {
  const upi = error instanceof UpiError ? error : null;
  if (upi?.code === "4100" || !upi || upi.outcome === "unknown") {
    const updated = await setOperation(pool, op.id, {
      status: "unknown",
      errorCode: upi?.code ?? "internal",
      errorMessage: upi ? `${upi.title}. ${upi.explanation}` : "The console failed while waiting for the answer.",
    });
    if (!upi) log.error({ err: error }, `Operation ${op.id} ended in an unexpected error`);
    await outcomeAudit(updated, "unknown", upi?.code);
    await scheduleReconcile(op.id, 0);
    return updated;
  }
  const failed = await markFailed(op, upi.code, upi.sentence);
  await outcomeAudit(failed, "failed", upi.code);
  const text = said("operationFailed", {
    kind: op.kind,
    amount: Number(op.amount),
    currency: op.currency,
    title: upi.title,
    code: upi.code,
  });
  await addEvent(pool, consoleEvent(op.transactionId, text, op.requestedByEmail));
  return failed;
}
