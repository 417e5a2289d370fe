import type pg from "pg";
import { auditSql } from "@/lib/platform/audit/log";

/** What a signed refund notification says of a refund (lib/webhooks/apply-refunds.ts). */
export type RefundHeard = {
  reference: string;
  status: "succeeded" | "failed";
  refundId: string;
  parentId: string | null;
  amount: string | null;
  currency: string;
};

/** A refund the console sent and is still unsure of. */
export async function settleRefundHeard(client: pg.PoolClient, heard: RefundHeard): Promise<string | null> {
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
    [heard.reference, heard.status, heard.refundId, heard.parentId, heard.amount, heard.currency],
  );
  if (rows.length === 0) {
    const open = await client.query(
      "SELECT 1 FROM operations WHERE reference = $1 AND kind = 'refund' AND status IN ('pending', 'unknown')",
      [heard.reference],
    );
    return open.rowCount
      ? heard.parentId
        ? "The open refund with this reference is for another charge or amount: left to its own inquiry."
        : "The open refund with this reference is not settled by a notification that names no charge: left to its own inquiry."
      : null;
  }
  for (const op of rows)
    await auditSql(client, {
      action: "refund.outcome",
      result: heard.status,
      targetType: "transaction",
      targetId: op.transaction_id,
      amount: BigInt(op.amount),
      currency: op.currency,
      detail: {
        operationId: op.id,
        reference: heard.reference,
        resultId: heard.refundId,
        requestedBy: op.requested_by_email,
        approvedBy: op.decided_by_email,
        by: "webhook",
      },
    });
  return null;
}
