import "server-only";
import { createHash } from "node:crypto";
import { db } from "@/lib/db";
import { ApiError } from "@/lib/api/errors";
import { upstreamToApiError } from "@/lib/api/upstream";
import { audit } from "@/lib/audit/log";
import type { Actor } from "@/lib/auth/actor";
import { newReference } from "@/lib/charges/service";
import { formatMoney } from "@/lib/money";
import { getSettings, type Settings } from "@/lib/settings/service";
import { UpiError } from "@/lib/upi";
import type { Operation, OperationKind } from "@/lib/generated/prisma/client";
import type { CancelBody, CaptureBody, RefundBody } from "./schemas";
import { execute, KIND_LABEL, reasonText } from "./execute";

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

const REFERENCE_PREFIX: Record<OperationKind, string> = { capture: "cap", refund: "rfd", cancel: "cxl" };
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

export const requestCapture = (chargeId: string, b: CaptureBody, key: string, actor: Actor) =>
  requestOperation(chargeId, {
    kind: "capture",
    amount: b.amount,
    // "last capture" closes a multi-capture: it is one too.
    multiCapture: b.multiCapture || b.lastCapture || false,
    lastCapture: b.lastCapture ?? false,
    shippingVendor: b.shipping?.vendor || undefined,
    shippingTracking: b.shipping?.tracking || undefined,
  }, key, actor);

export const requestRefund = (chargeId: string, b: RefundBody, key: string, actor: Actor) =>
  requestOperation(chargeId, { kind: "refund", amount: b.amount, reason: b.reason, note: b.note || undefined }, key, actor);

export const requestCancel = (chargeId: string, b: CancelBody, key: string, actor: Actor) =>
  requestOperation(chargeId, { kind: "cancel", note: b.note || undefined }, key, actor);

export type RequestResult = { operation: OperationView; replayed: boolean };

function requestHash(chargeId: string, d: Draft, actor: Actor) {
  const canonical = [d.kind, chargeId, d.amount ?? null, d.reason ?? null, d.note ?? null, !!d.multiCapture, !!d.lastCapture, d.shippingVendor ?? null, d.shippingTracking ?? null, actor.user.id];
  return createHash("sha256").update(JSON.stringify(canonical)).digest("hex");
}

/**
 * The same key again from the same person: the same operation back, or 422 when the
 * parameters differ. Keys are scoped per requester, so another user's key finds nothing.
 */
async function replay(key: string, hash: string, actor: Actor): Promise<RequestResult | null> {
  const existing = await db.operation.findUnique({ where: { requestedById_idempotencyKey: { requestedById: actor.user.id, idempotencyKey: key } } });
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

type Tx = Parameters<Parameters<typeof db.$transaction>[0]>[0];
type ApprovalRules = Pick<Settings, "refundApprovalThresholds" | "refundApprovalPercent">;

/**
 * Maker-checker on the charge as a whole: what is refunded, in flight (pending, unknown,
 * succeeded but not yet in the ledger) or waiting for approval counts with the new amount,
 * so splitting a refund does not avoid a manager. A currency the thresholds do not list
 * needs approval for every refund: a missing rule fails safe, never open.
 */
export function refundNeedsApproval(rules: ApprovalRules, total: number, charge: { amount: number; currency: string }) {
  const limit = rules.refundApprovalThresholds[charge.currency];
  if (limit === undefined || total > limit) return true;
  return rules.refundApprovalPercent !== null && total > (charge.amount * rules.refundApprovalPercent) / 100;
}

/**
 * Decided under the charge's row lock (the one operations_check takes on insert), inside the
 * transaction that inserts the operation: two refunds racing from two sessions are
 * serialised, and the second one counts the first.
 */
async function needsApproval(tx: Tx, d: Draft, amount: number, chargeId: string, rules: ApprovalRules) {
  if (d.kind !== "refund") return false;
  const [charge] = await tx.$queryRaw<{ amount: bigint; currency: string; refunded: bigint }[]>`
    SELECT amount, currency, coalesce(amount_refunded, 0) AS refunded FROM ledger_transactions WHERE id = ${chargeId} FOR UPDATE`;
  if (!charge) return true;
  const [held] = await tx.$queryRaw<{ sum: bigint }[]>`
    SELECT coalesce(sum(amount), 0) AS sum FROM operations
     WHERE transaction_id = ${chargeId} AND kind = 'refund'
       AND (status IN ('pending_approval', 'pending', 'unknown') OR (status = 'succeeded' AND NOT ledger_applied))`;
  const total = Number(charge.refunded) + Number(held?.sum ?? 0) + amount;
  return refundNeedsApproval(rules, total, { amount: Number(charge.amount), currency: charge.currency });
}

async function requestOperation(chargeId: string, d: Draft, key: string, actor: Actor): Promise<RequestResult> {
  const hash = requestHash(chargeId, d, actor);
  const earlier = await replay(key, hash, actor);
  if (earlier) return earlier;

  const action = `${d.kind}.request`;
  const charge = await db.ledgerTransaction.findUnique({ where: { id: chargeId } });
  const refuse = async (error: ApiError, result: string, amount?: number) => {
    await audit({ actor, action, result, targetType: "transaction", targetId: chargeId, amount, currency: charge?.currency, reason: error.message });
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
    const twin = await replay(key, hash, actor);
    if (twin) return twin;
    throw await refuse(new ApiError("conflict", roomMessage(d.kind, available, charge.currency)), "conflict", amount || undefined);
  }
  // Read before the transaction: nothing inside it may wait on another connection.
  const rules = await getSettings();
  let approval = false;

  let op: Operation;
  try {
    op = await db.$transaction(async (tx) => {
      approval = await needsApproval(tx, d, amount, chargeId, rules);
      const created = await tx.operation.create({
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
        requestedById: actor.user.id,
        requestedByEmail: actor.user.email,
      },
      });
      // The request and its audit row commit together, or neither does.
      await audit({
        actor, action, result: approval ? "pending_approval" : "ok", targetType: "transaction", targetId: chargeId,
        amount, currency: charge.currency, reason: reasonText(created) ?? undefined, detail: { operationId: created.id, reference: created.reference },
      }, tx);
      return created;
    });
  } catch (error) {
    // A double submit that lost the race to its twin: hand back the twin.
    const twin = await replay(key, hash, actor);
    if (twin) return twin;
    if (isRoomError(error)) {
      const now = await operationRoom(chargeId);
      throw await refuse(new ApiError("conflict", roomMessage(d.kind, d.kind === "refund" ? now.refund : now.capture, charge.currency)), "conflict", amount);
    }
    if (isUniqueError(error)) throw new ApiError("conflict", "A request with this Idempotency-Key is being processed. Try again in a moment.");
    throw error;
  }
  if (approval) return { operation: operationView(op), replayed: false };
  return { operation: operationView(await execute(op)), replayed: false };
}

// ───────────────────────────── approvals ─────────────────────────────

async function decide(id: string, { comment }: { comment: string }, actor: Actor, verdict: "approve" | "reject") {
  const action = `refund.${verdict}`;
  let op: Operation;
  try {
    op = await db.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT id FROM operations WHERE id = ${id}::uuid FOR UPDATE`;
      const row = await tx.operation.findUnique({ where: { id } });
      if (!row) throw new ApiError("not_found", "No operation with this id.");
      if (row.status !== "pending_approval") throw new ApiError("conflict", `This request was already decided (${row.status.replace("_", " ")}${row.decidedByEmail ? ` by ${row.decidedByEmail}` : ""}).`);
      if (row.requestedById === actor.user.id) throw new ApiError("forbidden", "You made this request; another manager must decide on it.");
      const decided = await tx.operation.update({
        where: { id },
        data: {
          status: verdict === "approve" ? "pending" : "rejected",
          decidedById: actor.user.id, decidedByEmail: actor.user.email, decisionComment: comment, decidedAt: new Date(),
          ...(verdict === "reject" ? { resolvedAt: new Date() } : {}),
        },
      });
      await audit({ actor, action, result: "ok", targetType: "transaction", targetId: decided.transactionId, amount: decided.amount, currency: decided.currency, reason: comment, detail: { operationId: decided.id, reference: decided.reference, requestedBy: decided.requestedByEmail } }, tx);
      return decided;
    });
  } catch (error) {
    const row = await db.operation.findUnique({ where: { id } });
    const refusal = isRoomError(error)
      ? new ApiError("conflict", `${roomMessage("refund", (await operationRoom(row!.transactionId, id)).refund, row!.currency)} Reject this request and ask for a new one.`)
      : error;
    if (refusal instanceof ApiError && row) {
      await audit({ actor, action, result: refusal.code === "forbidden" ? "denied" : refusal.code, targetType: "transaction", targetId: row.transactionId, amount: row.amount, currency: row.currency, reason: refusal.message, detail: { operationId: id } });
    }
    throw refusal;
  }
  return operationView(verdict === "approve" ? await execute(op) : op);
}

export const approveOperation = (id: string, input: { comment: string }, actor: Actor) => decide(id, input, actor, "approve");
export const rejectOperation = (id: string, input: { comment: string }, actor: Actor) => decide(id, input, actor, "reject");

/** Turns a failed operation into the API's error answer (the same one on every replay). */
export function failureError(op: OperationView): ApiError {
  const upstream = upstreamToApiError(new UpiError(op.errorCode ?? "4101", null, "", "failed"));
  return new ApiError(upstream?.code ?? "unprocessable_entity", op.message, { ...upstream?.details, operation: op });
}
