import "server-only";
import { refuseWhileUnsettled, unsettledConflict } from "./unsettled";
import type pg from "pg";
import { db, inTransaction, pool } from "@/lib/platform/db";
import { fingerprint } from "@/lib/platform/idempotency/fingerprint";
import { isUniqueViolation, keyInFlight, sameRequest } from "@/lib/platform/idempotency/replay";
import { Conflict, Invalid, NotFound, type DomainError } from "@/lib/platform/errors";
import { audit, auditSql } from "@/lib/platform/audit/log";
import type { Actor } from "@/lib/platform/auth/actor";
import { newReference } from "@/lib/reference";
import { getSettings } from "@/lib/platform/settings/service";
import type { Operation, OperationKind } from "@/lib/generated/prisma/client";
import type { CancelBody, CaptureBody, RefundBody } from "./schemas";
import { reasonText } from "./labels";
import { captureFirst, exceedsRoom, isRoomError, operationRoom } from "./room";
import { operationView, type OperationView } from "./view";
import { execute } from "./execute";
import { refundNeedsApproval, type ApprovalRules } from "./approval-rule";
import { notifySql, refundAwaiting } from "@/lib/notifications";
import { insertOperation } from "./rows";

type Draft = {
  kind: OperationKind;
  amount?: number;
  reason?: string;
  note?: string;
  multiCapture?: boolean;
  lastCapture?: boolean;
  shippingVendor?: string;
  shippingTracking?: string;
  batchId?: string;
};

const REFERENCE_PREFIX: Record<OperationKind, string> = { capture: "cap", refund: "rfd", cancel: "cxl" };

export const requestCapture = (chargeId: string, b: CaptureBody, key: string, actor: Actor) =>
  requestOperation(
    chargeId,
    {
      kind: "capture",
      amount: b.amount,
      multiCapture: b.multiCapture || b.lastCapture || false,
      lastCapture: b.lastCapture ?? false,
      shippingVendor: b.shipping?.vendor || undefined,
      shippingTracking: b.shipping?.tracking || undefined,
    },
    key,
    actor,
  );

export const requestRefund = (chargeId: string, b: RefundBody, key: string, actor: Actor, batchId?: string) =>
  requestOperation(
    chargeId,
    { kind: "refund", amount: b.amount, reason: b.reason, note: b.note || undefined, batchId },
    key,
    actor,
  );

export const requestCancel = (chargeId: string, b: CancelBody, key: string, actor: Actor) =>
  requestOperation(chargeId, { kind: "cancel", note: b.note || undefined }, key, actor);

export type RequestResult = { operation: OperationView; replayed: boolean };

/** What a draft asks beside its kind and amount, as the operation keeps it and its fingerprint reads it. */
const asked = (d: Draft) => ({
  reason: d.reason ?? null,
  note: d.note ?? null,
  multiCapture: !!d.multiCapture,
  lastCapture: !!d.lastCapture,
  shippingVendor: d.shippingVendor ?? null,
  shippingTracking: d.shippingTracking ?? null,
});

const requestPrint = (chargeId: string, d: Draft) =>
  fingerprint(`operation.${d.kind}`, { chargeId, amount: d.amount ?? null, ...asked(d) });

async function replay(key: string, hash: string, actor: Actor): Promise<RequestResult | null> {
  const existing = await db.operation.findUnique({
    where: { requestedById_idempotencyKey: { requestedById: actor.user.id, idempotencyKey: key } },
  });
  if (!existing) return null;
  sameRequest(existing.requestHash, hash, { operationId: existing.id });
  return { operation: operationView(existing), replayed: true };
}

/** Decided under the charge's row lock, in the inserting transaction: two racing refunds are serialised. */
async function needsApproval(tx: pg.PoolClient, d: Draft, amount: number, chargeId: string, rules: ApprovalRules) {
  if (d.kind !== "refund") return false;
  const [charge] = (
    await tx.query<{ amount: string; currency: string; refunded: string }>(
      `SELECT amount, currency, coalesce(amount_refunded, 0) AS refunded FROM ledger_transactions
        WHERE id = $1 FOR UPDATE`,
      [chargeId],
    )
  ).rows;
  if (!charge) return true;
  const [held] = (
    await tx.query<{ sum: string }>(
      `SELECT coalesce(sum(amount), 0) AS sum FROM operations
        WHERE transaction_id = $1 AND kind = 'refund'
          AND (status IN ('pending_approval', 'pending', 'unknown') OR (status = 'succeeded' AND NOT ledger_applied))`,
      [chargeId],
    )
  ).rows;
  const total = Number(charge.refunded) + Number(held?.sum ?? 0) + amount;
  return refundNeedsApproval(rules, total, { amount: Number(charge.amount), currency: charge.currency });
}

async function batchDecision(tx: pg.PoolClient, id: string) {
  const { rows } = await tx.query<{
    decidedById: string | null;
    decidedByEmail: string | null;
    decidedAt: Date | null;
    status: string;
    createdById: string;
  }>(
    `SELECT decided_by_id AS "decidedById", decided_by_email AS "decidedByEmail", decided_at AS "decidedAt", status,
            created_by_id AS "createdById"
       FROM refund_batches WHERE id = $1::uuid`,
    [id],
  );
  return rows[0] ?? null;
}

async function requestOperation(chargeId: string, d: Draft, key: string, actor: Actor): Promise<RequestResult> {
  const hash = requestPrint(chargeId, d);
  const earlier = await replay(key, hash, actor);
  if (earlier) return earlier;

  const action = `${d.kind}.request`;
  const charge = await db.ledgerTransaction.findUnique({ where: { id: chargeId } });
  const refuse = async (error: DomainError, result: string, amount?: number) => {
    await audit({
      actor,
      action,
      result,
      targetType: "transaction",
      targetId: chargeId,
      amount,
      currency: charge?.currency,
      reason: error.message,
    });
    return error;
  };
  if (!charge)
    throw await refuse(new NotFound("This transaction is not in the ledger. Import it by id first."), "invalid");
  if (charge.type !== "charge") {
    throw await refuse(
      new Invalid(
        `Only charges can be ${d.kind === "capture" ? "captured" : d.kind === "refund" ? "refunded" : "canceled"}. Open the charge${charge.parentId ? ` ${charge.parentId}` : ""} instead.`,
      ),
      "invalid",
    );
  }
  if ((d.multiCapture || d.lastCapture) && charge.method !== "klarna") {
    throw await refuse(new Invalid("Multi-capture and last capture are for klarna charges only."), "invalid");
  }
  const frozen = await unsettledConflict(pool, chargeId);
  if (frozen) throw await refuse(frozen, "conflict");
  const room = await operationRoom(chargeId);
  const available = d.kind === "refund" ? room.refund : room.capture;
  const amount = d.kind === "cancel" ? available : (d.amount ?? available);
  if (amount <= 0 || amount > available) {
    const twin = await replay(key, hash, actor);
    if (twin) return twin;
    const uncaptured = d.kind === "refund" && available === 0 ? captureFirst(charge) : null;
    if (uncaptured) throw await refuse(uncaptured, "conflict");
    throw await refuse(exceedsRoom(d.kind, available, charge.currency), "conflict", amount || undefined);
  }
  // Read before the transaction: nothing inside it may wait on another connection.
  const rules = await getSettings();
  let approval = false;

  let op: Operation;
  try {
    op = await inTransaction(async (tx) => {
      await refuseWhileUnsettled(tx, chargeId);
      approval = await needsApproval(tx, d, amount, chargeId, rules);
      const batch = approval && d.batchId ? await batchDecision(tx, d.batchId) : null;
      const byBatch =
        batch?.decidedById && batch.decidedByEmail && batch.decidedAt && batch.status !== "rejected"
          ? batch.decidedById !== batch.createdById && batch.decidedById !== actor.user.id
            ? batch
            : null
          : null;
      if (byBatch) approval = false;
      const created = await insertOperation(tx, {
        kind: d.kind,
        transactionId: chargeId,
        reference: newReference(REFERENCE_PREFIX[d.kind]),
        idempotencyKey: key,
        requestHash: hash,
        amount: BigInt(amount),
        currency: charge.currency,
        ...asked(d),
        status: approval ? "pending_approval" : "pending",
        requestedById: actor.user.id,
        requestedByEmail: actor.user.email,
        batchId: d.batchId ?? null,
        ...(byBatch
          ? {
              decidedById: byBatch.decidedById,
              decidedByEmail: byBatch.decidedByEmail,
              decidedAt: byBatch.decidedAt,
              decisionComment: "approved with its batch",
            }
          : {}),
      });
      await auditSql(tx, {
        actor,
        action,
        result: approval ? "pending_approval" : "ok",
        targetType: "transaction",
        targetId: chargeId,
        amount,
        currency: charge.currency,
        reason: reasonText(created) ?? undefined,
        detail: {
          operationId: created.id,
          reference: created.reference,
          ...(byBatch ? { approvedWithBatch: d.batchId, approvedBy: byBatch.decidedByEmail } : {}),
        },
      });
      if (approval) await notifySql((text, params) => tx.query(text, params), refundAwaiting(created));
      return created;
    });
  } catch (error) {
    const twin = await replay(key, hash, actor);
    if (twin) return twin;
    if (error instanceof Conflict && error.rule === "charge_outcome_unknown")
      throw await refuse(error, "conflict", amount);
    if (isRoomError(error)) {
      const now = await operationRoom(chargeId);
      throw await refuse(
        exceedsRoom(d.kind, d.kind === "refund" ? now.refund : now.capture, charge.currency),
        "conflict",
        amount,
      );
    }
    if (isUniqueViolation(error)) throw keyInFlight();
    throw error;
  }
  if (approval) return { operation: operationView(op), replayed: false };
  return { operation: operationView(await execute(op)), replayed: false };
}
