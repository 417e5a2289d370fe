import type pg from "pg";
import { linkBefore, tellLinkPaidSql } from "./told";

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
 * Completes the initiated (or expired: the money moved after all; or unknown: a link without an id) link with this reference
 * at the time the service reports, also when the follow job saw it paid without a time, and
 * fills in its transaction and CNY amount where unknown. A completed link keeps its status;
 * a link already tied to another transaction is left alone. An allow_duplicates link shares its
 * reference with another payment of the order, so it is matched on its own payment id only: until
 * that id is known (a hosted page's answer has none), its follow job's inquiry by its own query
 * token settles it. True when the row changed.
 */
export async function markLinkFromNotification(client: Pick<pg.PoolClient, "query">, n: LinkOutcome): Promise<boolean> {
  if (!n.reference) return false;
  const before = await linkBefore(client, n.reference);
  const { rowCount } = await client.query(
    `UPDATE payment_links SET
       status = CASE WHEN status IN ('initiated', 'expired', 'unknown') THEN $3 ELSE status END,
       completed_at = CASE WHEN status IN ('initiated', 'expired', 'unknown') THEN $5 WHEN status = $3 THEN coalesce(completed_at, $5) ELSE completed_at END,
       transaction_id = coalesce(transaction_id, $2),
       cny_amount = coalesce(cny_amount, $4),
       updated_at = now()
     WHERE reference = $1
       AND (transaction_id = $2 OR (transaction_id IS NULL AND coalesce(asked->>'allow_duplicates', '') <> 'yes'))
       AND (status IN ('initiated', 'expired', 'unknown') OR transaction_id IS NULL OR (cny_amount IS NULL AND $4::bigint IS NOT NULL) OR (completed_at IS NULL AND status = $3))`,
    [n.reference, n.transactionId, n.status, n.cnyFen, n.at],
  );
  if ((rowCount ?? 0) === 0) return false;
  if (n.status === "succeeded") await tellLinkPaidSql(client, before, n.transactionId);
  return true;
}
