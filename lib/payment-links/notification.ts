import type pg from "pg";
import { linkBefore, tellLinkPaidSql } from "./told";

// The pay-by-link notification's part of a payment link (lib/webhooks/apply-pay-by-link.ts).

export type LinkOutcome = {
  reference: string;
  transactionId: string;
  status: "succeeded" | "canceled";
  cnyFen: bigint | null;
  at: Date;
};

/** Completes the initiated link with this reference at the time the service reports. */
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
