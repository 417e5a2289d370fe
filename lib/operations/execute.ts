import "server-only";
import { db } from "@/lib/db";
import { audit } from "@/lib/audit/log";
import { recordTransaction } from "@/lib/ledger/record";
import { formatMoney } from "@/lib/money";
import { getSettings } from "@/lib/settings/service";
import { getUpi, UpiError } from "@/lib/upi";
import type { Charge } from "@/lib/upi/schemas";
import type { Operation, OperationKind, Prisma } from "@/lib/generated/prisma/client";
import { getBoss, QUEUES } from "@/lib/jobs/boss";
import { REFUND_REASONS } from "./reasons";
import { log } from "@/lib/log";
import { config } from "@/lib/config";

// Sending an operation to the payment service and settling what came back; the reconciler
// for outcomes that stayed unknown. Requests and approvals (lib/operations/service.ts) call
// execute() once an operation may go.

export const KIND_LABEL: Record<OperationKind, string> = { capture: "Capture", refund: "Refund", cancel: "Cancel" };
/** A re-send waits this long past the original call's time-out, so a slow request cannot land after it. */
const RESEND_GRACE_MS = 5_000;
/** Re-sends with the same reference; past this the operation stays unknown and says so. */
const MAX_ATTEMPTS = 4;

/** The reason as the API's note: the catalog label, and the free text after it. */
export function reasonText(op: Pick<Operation, "reason" | "note">) {
  if (!op.reason) return op.note;
  const label = REFUND_REASONS[op.reason as keyof typeof REFUND_REASONS] ?? op.reason;
  return op.note ? `${label}: ${op.note}` : label;
}

// ───────────────────────────── execution ─────────────────────────────

type Result = { id: string; reference?: string | null; object?: string } & Record<string, unknown>;

/** One call to the payment service with the operation's own reference. */
async function send(op: Operation): Promise<Result> {
  await db.operation.update({ where: { id: op.id }, data: { attempts: { increment: 1 }, lastAttemptAt: new Date() } });
  const upi = await getUpi();
  const amount = Number(op.amount);
  if (op.kind === "capture") {
    const shipping = op.shippingVendor || op.shippingTracking ? { vendor: op.shippingVendor ?? undefined, tracking: op.shippingTracking ?? undefined } : undefined;
    return upi.capture({ id: op.transactionId, reference: op.reference, transaction_amount: amount, ...(op.multiCapture ? { multi_capture: true } : {}), ...(op.lastCapture ? { last_capture: true } : {}), ...(shipping ? { shipping } : {}) });
  }
  if (op.kind === "refund") return upi.refund({ id: op.transactionId, reference: op.reference, amount, ...(reasonText(op) ? { note: reasonText(op)!.slice(0, 500) } : {}) });
  return upi.cancel({ id: op.transactionId, reference: op.reference });
}

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
  // 4100 on our own fresh reference means an earlier attempt did land: find it.
  if (upi?.code === "4100" || !upi || upi.outcome === "unknown") {
    const updated = await db.operation.update({
      where: { id: op.id },
      data: { status: "unknown", errorCode: upi?.code ?? "internal", errorMessage: upi ? `${upi.title}. ${upi.explanation}` : "The console failed while waiting for the answer." },
    });
    if (!upi) log.error({ err: error }, `Operation ${op.id} ended in an unexpected error`);
    await outcomeAudit(updated, "unknown", upi?.code);
    await scheduleReconcile(op.id, 0);
    return updated;
  }
  const failed = await db.operation.update({
    where: { id: op.id },
    data: { status: "failed", errorCode: upi.code, errorMessage: upi.sentence, resolvedAt: new Date() },
  });
  await outcomeAudit(failed, "failed", upi.code);
  await db.ledgerEvent.create({ data: { transactionId: op.transactionId, kind: "console", summary: `${KIND_LABEL[op.kind]} of ${formatMoney(Number(op.amount), op.currency)} failed: ${upi.title} (${upi.code})`, actorEmail: op.requestedByEmail } });
  return failed;
}

function outcomeAudit(op: Operation, result: string, code?: string, by: "request" | "reconciler" = "request") {
  return audit({
    actor: null,
    action: `${op.kind}.outcome`,
    result,
    targetType: "transaction",
    targetId: op.transactionId,
    amount: op.amount,
    currency: op.currency,
    reason: code ? `${code}: ${op.errorMessage ?? ""}`.trim() : undefined,
    detail: { operationId: op.id, reference: op.reference, requestedBy: op.requestedByEmail, approvedBy: op.decidedByEmail, resultId: op.resultId, by },
  });
}

/**
 * The service did it: mark the operation succeeded (once — a concurrent settle loses),
 * record the new capture/refund/cancel under its charge, then bring the charge row up to date.
 */
async function settleSucceeded(op: Operation, result: Result | null, via: "console" | "reconciler", charge?: Charge): Promise<Operation> {
  const summary = `${KIND_LABEL[op.kind]} of ${formatMoney(Number(op.amount), op.currency)} succeeded (${op.reference}), requested by ${op.requestedByEmail}${op.decidedByEmail ? `, approved by ${op.decidedByEmail}` : ""}${via === "reconciler" ? ", confirmed by inquiry" : ""}`;
  const won = await db.$transaction(async (tx) => {
    const { count } = await tx.operation.updateMany({
      where: { id: op.id, status: { in: ["pending", "unknown"] } },
      data: { status: "succeeded", resultId: result?.id ?? null, resolvedAt: new Date(), errorCode: null, errorMessage: null },
    });
    if (count === 0) return false;
    if (!result) return true;
    const child = { ...result, object: op.kind, reference: result.reference ?? op.reference, amount: (result.amount as number | undefined) ?? Number(op.amount), currency: (result.currency as string | undefined) ?? op.currency, status: (result.status as string | undefined) ?? "succeeded" };
    await recordTransaction(child as never, { source: "console", summary, actorEmail: op.requestedByEmail, parentId: op.transactionId }, tx);
    return true;
  });
  const settled = await db.operation.findUniqueOrThrow({ where: { id: op.id } });
  if (won) {
    await outcomeAudit(settled, "succeeded", undefined, via === "reconciler" ? "reconciler" : "request");
    await applyToLedger(settled, summary, charge);
  }
  return db.operation.findUniqueOrThrow({ where: { id: op.id } });
}

/** Inquires the charge and writes it to the ledger; until then the operation still holds its amount back. */
async function applyToLedger(op: Operation, summary: string, known?: Charge) {
  try {
    const fresh = known ?? ((await (await getUpi()).getTransaction(op.transactionId)) as Charge);
    await db.$transaction(async (tx) => {
      // A cancel answered with the charge's own id is already the charge's event (settleSucceeded).
      const noEvent = op.kind === "cancel" && op.resultId === op.transactionId;
      await recordTransaction(fresh, { source: "console", summary, actorEmail: op.requestedByEmail, noEvent }, tx as Prisma.TransactionClient);
      await tx.operation.update({ where: { id: op.id }, data: { ledgerApplied: true } });
    });
  } catch (error) {
    // The sweeper tries again; meanwhile operation_room() keeps counting this operation.
    log.warn(`Operation ${op.id}: the charge row could not be refreshed yet (${error instanceof Error ? error.message : String(error)})`);
  }
}

// ───────────────────────────── reconciliation ─────────────────────────────

function findResult(op: Operation, charge: Charge): Result | null {
  const list = op.kind === "capture" ? charge.captures : op.kind === "refund" ? charge.refunds : [];
  const match = list.find((x) => x.reference === op.reference);
  return match ? (match as Result) : null;
}

const RECONCILE_DELAYS_S = [5, 10, 30, 60, 120, 300, 600, 1800];
export function nextCheckDelaySeconds(checks: number) {
  const first = config().reconcileFirstCheckSeconds ?? RECONCILE_DELAYS_S[0]!;
  return checks === 0 ? first : (RECONCILE_DELAYS_S[checks] ?? 3600);
}

/** Queues a check of this operation; the minute sweep is the safety net if this fails. */
export async function scheduleReconcile(operationId: string, checks: number) {
  try {
    const boss = await getBoss();
    await boss.send(QUEUES.reconcile, { operationId }, { singletonKey: operationId, startAfter: nextCheckDelaySeconds(checks) });
  } catch (error) {
    log.warn(`Could not queue the check of operation ${operationId}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

export type ReconcileResult = "succeeded" | "failed" | "unknown" | "in_flight" | "settled";

/**
 * Settles an operation whose outcome is unknown (or that was left in flight): inquire the
 * charge and look for our reference; if it is not there once the original call can no
 * longer land, send it again with the same reference — the service refuses a second one
 * (4100), so this never moves money twice. Anything unclear stays unknown.
 */
export async function reconcileOperation(id: string): Promise<ReconcileResult> {
  let op = await db.operation.findUnique({ where: { id } });
  if (!op) return "settled";
  if (op.status === "succeeded" && !op.ledgerApplied) {
    await applyToLedger(op, `${KIND_LABEL[op.kind]} ${op.reference} recorded`);
    return "settled";
  }
  if (op.status !== "unknown" && op.status !== "pending") return "settled";
  const { upiTimeoutMs } = await getSettings();
  const startedAt = op.lastAttemptAt ?? op.createdAt;
  const mayStillLand = Date.now() - startedAt.getTime() < upiTimeoutMs + RESEND_GRACE_MS;
  if (op.status === "pending" && mayStillLand) return "in_flight";

  op = await db.operation.update({ where: { id }, data: { checks: { increment: 1 } } });
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
      // Our reference exists at the service. For a cancel that is the answer; otherwise look again.
      if (op.kind === "cancel") return (await settleSucceeded(op, null, "reconciler")).status as ReconcileResult;
      const again = findResult(op, (await upi.getTransaction(op.transactionId).catch(() => charge)) as Charge);
      if (again) return (await settleSucceeded(op, again, "reconciler")).status as ReconcileResult;
      return "unknown";
    }
    if (error instanceof UpiError && error.outcome === "failed") {
      const failed = await db.operation.update({
        where: { id },
        data: { status: "failed", errorCode: error.code, errorMessage: error.sentence, resolvedAt: new Date() },
      });
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
        { status: "pending", OR: [{ lastAttemptAt: { lt: stale } }, { lastAttemptAt: null, createdAt: { lt: stale } }] },
        { status: "succeeded", ledgerApplied: false },
      ],
    },
    select: { id: true, checks: true },
    take: 200,
  });
  for (const op of due) await scheduleReconcile(op.id, Math.max(op.checks, 1));
  return due.length;
}
