import type pg from "pg";

// The pay-by-link notification's part of a payment link (lib/webhooks/apply-pay-by-link.ts): plain SQL on
// the caller's transaction (the job workers apply stored notifications, lib/webhooks/apply-stored.ts).

export type LinkOutcome = {
  reference: string;
  transactionId: string;
  status: "succeeded" | "canceled";
  cnyFen: bigint | null;
  at: Date;
};

/**
 * Completes the initiated (or expired: the money moved after all) link with this reference
 * at the time the service reports, also when the follow job saw it paid without a time, and
 * fills in its transaction and CNY amount where unknown. A completed link keeps its status;
 * a link already tied to another transaction is left alone. True when the row changed.
 */
export async function markLinkFromNotification(client: Pick<pg.PoolClient, "query">, n: LinkOutcome): Promise<boolean> {
  if (!n.reference) return false;
  const { rowCount } = await client.query(
    `UPDATE payment_links SET
       status = CASE WHEN status IN ('initiated', 'expired') THEN $3 ELSE status END,
       completed_at = CASE WHEN status IN ('initiated', 'expired') THEN $5 WHEN status = $3 THEN coalesce(completed_at, $5) ELSE completed_at END,
       transaction_id = coalesce(transaction_id, $2),
       cny_amount = coalesce(cny_amount, $4),
       updated_at = now()
     WHERE reference = $1 AND (transaction_id IS NULL OR transaction_id = $2)
       AND (status IN ('initiated', 'expired') OR transaction_id IS NULL OR (cny_amount IS NULL AND $4::bigint IS NOT NULL) OR (completed_at IS NULL AND status = $3))`,
    [n.reference, n.transactionId, n.status, n.cnyFen, n.at],
  );
  return (rowCount ?? 0) > 0;
}
