import "server-only";
import { createHash } from "node:crypto";
import { db } from "@/lib/db";
import { ApiError } from "@/lib/api/errors";
import { upstreamToApiError } from "@/lib/api/upstream";
import { audit } from "@/lib/audit/log";
import type { CurrentUser } from "@/lib/auth/session";
import { newReference } from "@/lib/charges/service";
import { recordTransaction } from "@/lib/ledger/record";
import { formatMoney } from "@/lib/money";
import { getSettings } from "@/lib/settings/service";
import { getUpi, UpiError } from "@/lib/upi";
import type { Charge } from "@/lib/upi/schemas";
import type { Operation, OperationKind, Prisma } from "@/lib/generated/prisma/client";
import { getBoss, QUEUES } from "@/lib/jobs/boss";
import { REFUND_REASONS } from "./reasons";
import type { CancelBody, CaptureBody, RefundBody } from "./schemas";

type Client = { ip: string | null; userAgent: string | null };
type Draft = {
  kind: OperationKind;
  amount?: number;
  reason?: string;
  note?: string;
  multiCapture?: boolean;
  lastCapture?: boolean;
  shippingVendor?: string;
  shippingTracking?: string;
};

const KIND_LABEL: Record<OperationKind, string> = { capture: "Capture", refund: "Refund", cancel: "Cancel" };
const REFERENCE_PREFIX: Record<OperationKind, string> = { capture: "cap", refund: "rfd", cancel: "cxl" };
/** A re-send waits this long past the original call's time-out, so a slow request cannot land after it. */
const RESEND_GRACE_MS = 5_000;
/** Re-sends with the same reference; past this the operation stays unknown and says so. */
const MAX_ATTEMPTS = 4;
/** After this many checks the page asks a person to look. */
export const ATTENTION_AFTER_CHECKS = 6;

// ───────────────────────────── views ─────────────────────────────

export function operationView(op: Operation) {
  const amount = Number(op.amount);
  const money = formatMoney(amount, op.currency);
  const what = `${KIND_LABEL[op.kind]} of ${money}`;
  const message = {
    pending_approval: `${what} is waiting for a manager's approval.`,
    rejected: `${what} was rejected by ${op.decidedByEmail ?? "a manager"}: ${op.decisionComment ?? ""}`.trim(),
    pending: `${what} is being sent to the payment service.`,
    succeeded: `${what} succeeded.`,
    failed: `${what} failed. ${op.errorMessage ?? ""}`.trim(),
    unknown:
      op.checks >= ATTENTION_AFTER_CHECKS
        ? `${what}: outcome still unknown after ${op.checks} checks. Do not retry; ask an admin to look at the payment service.`
        : `${what}: outcome unknown — do not retry, we are checking.`,
  }[op.status];
  return {
    id: op.id,
    kind: op.kind,
    transactionId: op.transactionId,
    reference: op.reference,
    status: op.status,
    amount,
    currency: op.currency,
    reason: op.reason,
    note: op.note,
    multiCapture: op.multiCapture,
    lastCapture: op.lastCapture,
    shipping: op.shippingVendor || op.shippingTracking ? { vendor: op.shippingVendor, tracking: op.shippingTracking } : null,
    resultId: op.resultId,
    errorCode: op.errorCode,
    message,
    requestedBy: op.requestedByEmail,
    decidedBy: op.decidedByEmail,
    decisionComment: op.decisionComment,
    decidedAt: op.decidedAt?.toISOString() ?? null,
    attempts: op.attempts,
    checks: op.checks,
    createdAt: op.createdAt.toISOString(),
    resolvedAt: op.resolvedAt?.toISOString() ?? null,
  };
}
export type OperationView = ReturnType<typeof operationView>;

/** What is left for the next capture/cancel and the next refund, net of operations in flight. */
export async function operationRoom(chargeId: string, excluding: string | null = null) {
  const [row] = await db.$queryRaw<{ capture: bigint; refund: bigint }[]>`
    SELECT operation_room(${chargeId}, 'capture'::"OperationKind", ${excluding}::uuid) AS capture,
           operation_room(${chargeId}, 'refund'::"OperationKind", ${excluding}::uuid) AS refund`;
  return { capture: Number(row?.capture ?? 0), refund: Number(row?.refund ?? 0) };
}

export async function listOperations(where: { transactionId?: string; status?: Operation["status"] }, limit = 50) {
  const rows = await db.operation.findMany({ where, orderBy: { createdAt: "desc" }, take: limit });
  return rows.map(operationView);
}

export async function getOperation(id: string) {
  const op = await db.operation.findUnique({ where: { id } });
  if (!op) throw new ApiError("not_found", "No operation with this id.");
  return operationView(op);
}

// ───────────────────────────── requests ─────────────────────────────

export const requestCapture = (chargeId: string, b: CaptureBody, key: string, actor: CurrentUser, client: Client) =>
  requestOperation(chargeId, {
    kind: "capture",
    amount: b.amount,
    // "last capture" closes a multi-capture: it is one too.
    multiCapture: b.multiCapture || b.lastCapture || false,
    lastCapture: b.lastCapture ?? false,
    shippingVendor: b.shipping?.vendor || undefined,
    shippingTracking: b.shipping?.tracking || undefined,
  }, key, actor, client);

export const requestRefund = (chargeId: string, b: RefundBody, key: string, actor: CurrentUser, client: Client) =>
  requestOperation(chargeId, { kind: "refund", amount: b.amount, reason: b.reason, note: b.note || undefined }, key, actor, client);

export const requestCancel = (chargeId: string, b: CancelBody, key: string, actor: CurrentUser, client: Client) =>
  requestOperation(chargeId, { kind: "cancel", note: b.note || undefined }, key, actor, client);

export type RequestResult = { operation: OperationView; replayed: boolean };

function requestHash(chargeId: string, d: Draft, actor: CurrentUser) {
  const canonical = [d.kind, chargeId, d.amount ?? null, d.reason ?? null, d.note ?? null, !!d.multiCapture, !!d.lastCapture, d.shippingVendor ?? null, d.shippingTracking ?? null, actor.id];
  return createHash("sha256").update(JSON.stringify(canonical)).digest("hex");
}

/** The same key again: the same operation back, or 422 when the parameters differ. */
async function replay(key: string, hash: string): Promise<RequestResult | null> {
  const existing = await db.operation.findUnique({ where: { idempotencyKey: key } });
  if (!existing) return null;
  if (existing.requestHash !== hash) {
    throw new ApiError("unprocessable_entity", "This Idempotency-Key was already used for a different request. Send a new key for a new operation.", { operationId: existing.id });
  }
  return { operation: operationView(existing), replayed: true };
}

const isRoomError = (e: unknown) => String((e as Error)?.message ?? "").includes("operation_exceeds_room") || JSON.stringify((e as { meta?: unknown })?.meta ?? null).includes("operation_exceeds_room");
const isUniqueError = (e: unknown) => (e as { code?: string })?.code === "P2002" || String((e as Error)?.message ?? "").includes("Unique constraint");

function roomMessage(kind: OperationKind, room: number, currency: string) {
  if (kind === "cancel") return "This authorization cannot be canceled now: it is not open, something was captured, or a capture or cancel is already in progress. Refresh the page to see its state.";
  const verb = kind === "capture" ? "capture" : "refund";
  if (room === 0) return `Nothing is left to ${verb} on this charge (operations in progress or awaiting approval count too). Refresh the page to see its state.`;
  return `Only ${formatMoney(room, currency)} is left to ${verb} on this charge (operations in progress or awaiting approval count too). Refresh the page and try a smaller amount.`;
}

async function needsApproval(d: Draft, amount: number, charge: { amount: bigint; currency: string }) {
  if (d.kind !== "refund") return false;
  const s = await getSettings();
  const limit = s.refundApprovalThresholds[charge.currency];
  if (limit !== undefined && amount > limit) return true;
  return s.refundApprovalPercent !== null && amount > (Number(charge.amount) * s.refundApprovalPercent) / 100;
}

async function requestOperation(chargeId: string, d: Draft, key: string, actor: CurrentUser, client: Client): Promise<RequestResult> {
  const hash = requestHash(chargeId, d, actor);
  const earlier = await replay(key, hash);
  if (earlier) return earlier;

  const action = `${d.kind}.request`;
  const charge = await db.ledgerTransaction.findUnique({ where: { id: chargeId } });
  const refuse = async (error: ApiError, result: string, amount?: number) => {
    await audit({ actor, action, result, targetType: "transaction", targetId: chargeId, amount, currency: charge?.currency, reason: error.message, ...client });
    return error;
  };
  if (!charge) throw await refuse(new ApiError("not_found", "This transaction is not in the ledger. Import it by id first."), "invalid");
  if (charge.type !== "charge") {
    throw await refuse(new ApiError("unprocessable_entity", `Only charges can be ${d.kind === "capture" ? "captured" : d.kind === "refund" ? "refunded" : "canceled"}. Open the charge${charge.parentId ? ` ${charge.parentId}` : ""} instead.`), "invalid");
  }
  if ((d.multiCapture || d.lastCapture) && charge.method !== "klarna") {
    throw await refuse(new ApiError("unprocessable_entity", "Multi-capture and last capture are for klarna charges only."), "invalid");
  }
  const room = await operationRoom(chargeId);
  const available = d.kind === "refund" ? room.refund : room.capture;
  // Absent amount: everything left (a cancel always releases the whole open authorization).
  const amount = d.kind === "cancel" ? available : (d.amount ?? available);
  if (amount <= 0 || amount > available) {
    // A double submit whose twin just committed sees no room left: it is a replay, not a conflict.
    const twin = await replay(key, hash);
    if (twin) return twin;
    throw await refuse(new ApiError("conflict", roomMessage(d.kind, available, charge.currency)), "conflict", amount || undefined);
  }
  const approval = await needsApproval(d, amount, charge);

  let op: Operation;
  try {
    op = await db.operation.create({
      data: {
        kind: d.kind,
        transactionId: chargeId,
        reference: newReference(REFERENCE_PREFIX[d.kind]),
        idempotencyKey: key,
        requestHash: hash,
        amount: BigInt(amount),
        currency: charge.currency,
        reason: d.reason ?? null,
        note: d.note ?? null,
        multiCapture: !!d.multiCapture,
        lastCapture: !!d.lastCapture,
        shippingVendor: d.shippingVendor ?? null,
        shippingTracking: d.shippingTracking ?? null,
        status: approval ? "pending_approval" : "pending",
        requestedById: actor.id,
        requestedByEmail: actor.email,
      },
    });
  } catch (error) {
    // A double submit that lost the race to its twin: hand back the twin.
    const twin = await replay(key, hash);
    if (twin) return twin;
    if (isRoomError(error)) {
      const now = await operationRoom(chargeId);
      throw await refuse(new ApiError("conflict", roomMessage(d.kind, d.kind === "refund" ? now.refund : now.capture, charge.currency)), "conflict", amount);
    }
    if (isUniqueError(error)) throw new ApiError("conflict", "A request with this Idempotency-Key is being processed. Try again in a moment.");
    throw error;
  }
  await audit({
    actor, action, result: approval ? "pending_approval" : "ok", targetType: "transaction", targetId: chargeId,
    amount, currency: charge.currency, reason: reasonText(op) ?? undefined, detail: { operationId: op.id, reference: op.reference }, ...client,
  });
  if (approval) return { operation: operationView(op), replayed: false };
  return { operation: operationView(await execute(op)), replayed: false };
}

function reasonText(op: Pick<Operation, "reason" | "note">) {
  if (!op.reason) return op.note;
  const label = REFUND_REASONS[op.reason as keyof typeof REFUND_REASONS] ?? op.reason;
  return op.note ? `${label}: ${op.note}` : label;
}

// ───────────────────────────── approvals ─────────────────────────────

async function decide(id: string, actor: CurrentUser, comment: string, client: Client, verdict: "approve" | "reject") {
  const action = `refund.${verdict}`;
  let op: Operation;
  try {
    op = await db.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT id FROM operations WHERE id = ${id}::uuid FOR UPDATE`;
      const row = await tx.operation.findUnique({ where: { id } });
      if (!row) throw new ApiError("not_found", "No operation with this id.");
      if (row.status !== "pending_approval") throw new ApiError("conflict", `This request was already decided (${row.status.replace("_", " ")}${row.decidedByEmail ? ` by ${row.decidedByEmail}` : ""}).`);
      if (row.requestedById === actor.id) throw new ApiError("forbidden", "You made this request; another manager must decide on it.");
      return tx.operation.update({
        where: { id },
        data: {
          status: verdict === "approve" ? "pending" : "rejected",
          decidedById: actor.id, decidedByEmail: actor.email, decisionComment: comment, decidedAt: new Date(),
          ...(verdict === "reject" ? { resolvedAt: new Date() } : {}),
        },
      });
    });
  } catch (error) {
    const row = await db.operation.findUnique({ where: { id } });
    const refusal = isRoomError(error)
      ? new ApiError("conflict", `${roomMessage("refund", (await operationRoom(row!.transactionId, id)).refund, row!.currency)} Reject this request and ask for a new one.`)
      : error;
    if (refusal instanceof ApiError && row) {
      await audit({ actor, action, result: refusal.code === "forbidden" ? "denied" : refusal.code, targetType: "transaction", targetId: row.transactionId, amount: row.amount, currency: row.currency, reason: refusal.message, detail: { operationId: id }, ...client });
    }
    throw refusal;
  }
  await audit({ actor, action, result: "ok", targetType: "transaction", targetId: op.transactionId, amount: op.amount, currency: op.currency, reason: comment, detail: { operationId: op.id, reference: op.reference, requestedBy: op.requestedByEmail }, ...client });
  return operationView(verdict === "approve" ? await execute(op) : op);
}

export const approveOperation = (id: string, actor: CurrentUser, comment: string, client: Client) => decide(id, actor, comment, client, "approve");
export const rejectOperation = (id: string, actor: CurrentUser, comment: string, client: Client) => decide(id, actor, comment, client, "reject");

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
async function execute(op: Operation): Promise<Operation> {
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
    if (!upi) console.error(`Operation ${op.id} ended in an unexpected error:`, error instanceof Error ? error.stack : String(error));
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
      await recordTransaction(fresh, { source: "console", summary, actorEmail: op.requestedByEmail }, tx as Prisma.TransactionClient);
      await tx.operation.update({ where: { id: op.id }, data: { ledgerApplied: true } });
    });
  } catch (error) {
    // The sweeper tries again; meanwhile operation_room() keeps counting this operation.
    console.warn(`Operation ${op.id}: the charge row could not be refreshed yet (${error instanceof Error ? error.message : String(error)})`);
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
  const first = Number(process.env.RECONCILE_FIRST_CHECK_SECONDS ?? RECONCILE_DELAYS_S[0]);
  return checks === 0 ? first : (RECONCILE_DELAYS_S[checks] ?? 3600);
}

/** Queues a check of this operation; the minute sweep is the safety net if this fails. */
export async function scheduleReconcile(operationId: string, checks: number) {
  try {
    const boss = await getBoss();
    await boss.send(QUEUES.reconcile, { operationId }, { singletonKey: operationId, startAfter: nextCheckDelaySeconds(checks) });
  } catch (error) {
    console.warn(`Could not queue the check of operation ${operationId}: ${error instanceof Error ? error.message : String(error)}`);
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

/** Turns a failed operation into the API's error answer (the same one on every replay). */
export function failureError(op: OperationView): ApiError {
  const upstream = upstreamToApiError(new UpiError(op.errorCode ?? "4101", null, "", "failed"));
  return new ApiError(upstream?.code ?? "unprocessable_entity", op.message, { ...upstream?.details, operation: op });
}
