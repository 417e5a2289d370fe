import "server-only";
import { said } from "@/lib/ledger";
import { db, pool } from "@/lib/platform/db";
import { getSettings } from "@/lib/platform/settings/service";
import { getUpi, UpiError, type Charge } from "@/lib/upi";
import type { Operation } from "@/lib/generated/prisma/client";
import { applyToLedger, markFailed, outcomeAudit, send, settleSucceeded, type Result } from "./settle";
import { scheduleReconcile } from "./schedule";
import { countTry } from "./rows";

const RESEND_GRACE_MS = 5_000;
const MAX_ATTEMPTS = 4;

function findResult(op: Operation, charge: Charge): Result | null {
  const list = op.kind === "capture" ? charge.captures : op.kind === "refund" ? charge.refunds : [];
  const match = list.find((x) => x.reference === op.reference);
  return match ? (match as Result) : null;
}

export type ReconcileResult = "succeeded" | "failed" | "unknown" | "in_flight" | "settled";

/** Settles an operation whose outcome is unknown (or that was left in flight). */
export async function reconcileOperation(id: string): Promise<ReconcileResult> {
  let op = await db.operation.findUnique({ where: { id } });
  if (!op) return "settled";
  if (op.status === "succeeded" && !op.ledgerApplied) {
    await applyToLedger(op, said("operationRecorded", { kind: op.kind, reference: op.reference }));
    return "settled";
  }
  if (op.status !== "unknown" && op.status !== "pending") return "settled";
  const { upiTimeoutMs } = await getSettings();
  const startedAt = op.lastAttemptAt ?? op.createdAt;
  const mayStillLand = Date.now() - startedAt.getTime() < upiTimeoutMs + RESEND_GRACE_MS;
  if (op.status === "pending" && mayStillLand) return "in_flight";

  op = (await countTry(pool, id, "checks")) ?? op;
  const upi = await getUpi();
  let charge: Charge;
  try {
    charge = (await upi.getTransaction(op.transactionId)) as Charge;
  } catch {
    return "unknown"; // the inquiry itself failed: check again later
  }
  const found = findResult(op, charge);
  if (found) return (await settleSucceeded(op, found, "reconciler", charge)).status as ReconcileResult;
  if (mayStillLand || op.attempts >= MAX_ATTEMPTS) return "unknown";

  try {
    return (await settleSucceeded(op, await send(op), "reconciler")).status as ReconcileResult;
  } catch (error) {
    if (error instanceof UpiError && error.code === "4100") {
      if (op.kind === "cancel") return (await settleSucceeded(op, null, "reconciler")).status as ReconcileResult;
      const again = findResult(op, (await upi.getTransaction(op.transactionId).catch(() => charge)) as Charge);
      if (again) return (await settleSucceeded(op, again, "reconciler")).status as ReconcileResult;
      return "unknown";
    }
    if (error instanceof UpiError && error.outcome === "failed") {
      const failed = await markFailed(op, error.code, error.sentence);
      await outcomeAudit(failed, "failed", error.code, "reconciler");
      return "failed";
    }
    return "unknown";
  }
}

/** The minute sweep: operations unknown, stuck in flight, or succeeded but not yet on their charge. */
export async function sweepOperations(): Promise<number> {
  const { upiTimeoutMs } = await getSettings();
  const stale = new Date(Date.now() - upiTimeoutMs - RESEND_GRACE_MS);
  const due = await db.operation.findMany({
    where: {
      OR: [
        { status: "unknown" },
        {
          status: "pending",
          OR: [{ lastAttemptAt: { lt: stale } }, { lastAttemptAt: null, createdAt: { lt: stale } }],
        },
        { status: "succeeded", ledgerApplied: false },
      ],
    },
    select: { id: true, checks: true },
    take: 200,
  });
  for (const op of due) await scheduleReconcile(op.id, Math.max(op.checks, 1));
  return due.length;
}
