import type pg from "pg";
import { said } from "@/lib/ledger/event-text";
import { parseApiTime } from "@/lib/upi/time";
import { moveForward } from "@/lib/ledger/forward";
import { auditSql } from "@/lib/platform/audit/log";
import { event, int, known, lockRow, notificationPayload, type Outcome, raiseRefunded } from "./ledger-rows";
import type { Values } from "./verify";

// Refund notifications to the ledger: the refund row, its charge's refunded amount, and the
// console's own refund still unsure of its outcome (settled when the notification is about it).

const REFUND_STATUS: Record<string, string> = {
  success: "succeeded",
  succeeded: "succeeded",
  fail: "failed",
  failed: "failed",
  pending: "pending",
};

export async function applyRefund(client: pg.PoolClient, v: Values, notificationId: string): Promise<Outcome> {
  const status = REFUND_STATUS[v.status!.toLowerCase()];
  if (!status) return { state: "unchanged", detail: `Unknown refund status “${v.status}”: recorded, not applied.` };
  const parentId = v.parent_id || null;
  // The charge before its refund: the order every writer of the ledger takes (lock-order.test.ts).
  if (parentId) await lockRow(client, parentId);
  let row = await lockRow(client, v.id!);
  let outcome: Outcome | null = null;
  if (!row) {
    const inserted = await client.query(
      `INSERT INTO ledger_transactions (id, type, reference, parent_id, status, amount, amount_refunded, currency, method, time_created, payload, source, updated_at)
       VALUES ($1, 'refund', $2, $3, $4, $5, $5, $6, $7, $8, $9, 'webhook', now()) ON CONFLICT (id) DO NOTHING`,
      [
        v.id,
        v.reference || null,
        parentId,
        status,
        int(v.amount) ?? 0n,
        v.currency || "",
        v.payment_method || null,
        parseApiTime(v.time_created) ?? new Date(),
        JSON.stringify(notificationPayload(v)),
      ],
    );
    if (inserted.rowCount) {
      await event(client, v.id!, said("refundHeard", { status: v.status ?? "" }), notificationId);
      outcome = { state: "applied", detail: `Refund added to the ledger as ${status}.` };
    } else row = (await lockRow(client, v.id!))!;
  }
  if (!outcome && moveForward(known(row!), { status }, false).forward) {
    await client.query("UPDATE ledger_transactions SET status = $2, updated_at = now() WHERE id = $1", [v.id, status]);
    await event(
      client,
      v.id!,
      said("refundMoved", { status: v.status ?? "", from: row!.status, to: status }),
      notificationId,
    );
    outcome = { state: "applied", detail: `Status ${row!.status} → ${status}.` };
  }
  outcome ??=
    row!.status === status
      ? { state: "unchanged", detail: `Already ${status}.` }
      : { state: "stale", detail: `Ignored: the refund is already ${row!.status}.` };
  // The charge's refunded amount: the sum of the refunds the ledger knows succeeded.
  if (parentId)
    await raiseRefunded(client, [
      { id: parentId, notificationId, summary: said("refundOfCharge", { id: v.id ?? "", status: v.status ?? "" }) },
    ]);
  const unsettled = await settleOperation(client, v, status, parentId);
  return unsettled ? { ...outcome, detail: `${outcome.detail} ${unsettled}` } : outcome;
}

/**
 * A refund the console sent and is still unsure of: the notification settles it, if it
 * comes first — only when it is about that refund: same reference, same charge (the
 * operation's transaction is the refund's parent) and same amount and currency. Anything
 * else leaves the operation to its own inquiry (the reconcile job); a reference alone
 * never settles one, nor releases its amount. Says why when it left one unsettled.
 */
async function settleOperation(
  client: pg.PoolClient,
  v: Values,
  status: string,
  parentId: string | null,
): Promise<string | null> {
  if (!v.reference || (status !== "succeeded" && status !== "failed")) return null;
  const { rows } = await client.query<{
    id: string;
    transaction_id: string;
    amount: string;
    currency: string;
    requested_by_email: string;
    decided_by_email: string | null;
  }>(
    `UPDATE operations SET status = $2::"OperationStatus", result_id = $3, resolved_at = now(), updated_at = now(),
       ledger_applied = true, error_code = CASE WHEN $2 = 'failed' THEN 'webhook' END,
       error_message = CASE WHEN $2 = 'failed' THEN 'The payment service reported the refund failed.' END
     WHERE reference = $1 AND kind = 'refund' AND status IN ('pending', 'unknown')
       AND transaction_id = $4 AND amount = $5::bigint AND currency = $6
     RETURNING id, transaction_id, amount, currency, requested_by_email, decided_by_email`,
    [v.reference, status, v.id, parentId, int(v.amount)?.toString() ?? null, v.currency ?? ""],
  );
  if (rows.length === 0) {
    const open = await client.query(
      "SELECT 1 FROM operations WHERE reference = $1 AND kind = 'refund' AND status IN ('pending', 'unknown')",
      [v.reference],
    );
    return open.rowCount
      ? parentId
        ? "The open refund with this reference is for another charge or amount: left to its own inquiry."
        : "The open refund with this reference is not settled by a notification that names no charge: left to its own inquiry."
      : null;
  }
  for (const op of rows) {
    await auditSql(client, {
      action: "refund.outcome",
      result: status,
      targetType: "transaction",
      targetId: op.transaction_id,
      amount: BigInt(op.amount),
      currency: op.currency,
      detail: {
        operationId: op.id,
        reference: v.reference,
        resultId: v.id,
        requestedBy: op.requested_by_email,
        approvedBy: op.decided_by_email,
        by: "webhook",
      },
    });
  }
  return null;
}
