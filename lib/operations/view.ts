import "server-only";
import { db } from "@/lib/platform/db";
import { NotFound } from "@/lib/platform/errors";
import { formatMoney } from "@/lib/platform/money";
import type { Operation, Prisma } from "@/lib/generated/prisma/client";
import { keysetOn } from "@/lib/platform/api/keyset";
import { containsText, isUuid } from "@/lib/platform/api/list-params";
import type { OperationStatus } from "./statuses";
import { KIND_LABEL } from "./labels";
import { ATTENTION_AFTER_CHECKS } from "./message";
import en from "@/lib/platform/i18n/messages/en/paymentErrors.json";
import { CARD_REFUSALS, type PaymentErrorKey, refusalSentence } from "@/lib/upi/shared";
import { UPI_ERRORS } from "@/lib/upi";

export { ATTENTION_AFTER_CHECKS };

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
    shipping:
      op.shippingVendor || op.shippingTracking ? { vendor: op.shippingVendor, tracking: op.shippingTracking } : null,
    resultId: op.resultId,
    errorCode: op.errorCode,
    errorMessage: op.errorMessage,
    errorKey: reasonKey(op.errorCode, op.errorMessage),
    message,
    requestedBy: op.requestedByEmail,
    batchId: op.batchId,
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

export async function listOperations(where: { transactionId?: string; status?: Operation["status"] }, limit = 50) {
  const rows = await db.operation.findMany({ where, orderBy: { createdAt: "desc" }, take: limit });
  return rows.map(operationView);
}

const paged = keysetOn<Operation, Prisma.OperationWhereInput, Prisma.OperationOrderByWithRelationInput>(
  "createdAt",
  "id",
  isUuid,
);

/** One page of every operation (or those in one status), newest first: the operations list and GET /api/operations. */
export async function pageOperations(f: {
  status?: OperationStatus;
  cursor?: string;
  limit: number;
  currency?: string;
  requestedBy?: string;
}) {
  const rows = await db.operation.findMany({
    where: {
      AND: [
        f.status ? { status: f.status } : {},
        f.currency ? { currency: f.currency } : {},
        f.requestedBy ? { requestedByEmail: containsText(f.requestedBy) } : {},
        paged.after(f.cursor),
      ],
    },
    orderBy: paged.orderBy,
    take: f.limit + 1,
  });
  const page = paged.page(rows, f.limit, f.cursor);
  return { rows: page.rows.map(operationView), nextCursor: page.nextCursor, older: page.older };
}

/** GET /api/operations's answer, and the operations page's first page (the same, prefetched). */
export async function operationsPage(f: Parameters<typeof pageOperations>[0]) {
  const { rows, nextCursor, older } = await pageOperations(f);
  return { operations: rows, nextCursor, older };
}

export async function getOperation(id: string) {
  const op = await db.operation.findUnique({ where: { id } });
  if (!op) throw new NotFound("No operation with this id.");
  return operationView(op);
}

/** The catalog key of a stored failure reason, or null when it is not one of the explained ones. */
export function reasonKey(code: string | null, message: string | null): PaymentErrorKey | null {
  if (!code || !message) return null;
  const candidates: PaymentErrorKey[] =
    code === "4200" || code === "4206"
      ? [code, ...CARD_REFUSALS.map(([, key]) => key)]
      : UPI_ERRORS[code]
        ? [code as PaymentErrorKey]
        : [];
  return candidates.find((key) => refusalSentence(en[key]) === message) ?? null;
}
