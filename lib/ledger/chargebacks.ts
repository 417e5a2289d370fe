// A dispute as the payment service reports it (a notification, or a charge's inquiry): its row and
// status history, beside the charge it names. The case work on it (owner, evidence, packs) is lib/chargebacks/.
import { chargebackChanged, chargebackConflict, chargebackUntied, notifySql } from "@/lib/notifications";
import { type ChargebackStatus, chargebackStatus, statusRank } from "@/lib/upi/shared";

type Sql = (text: string, params: unknown[]) => Promise<Record<string, unknown>[]>;
export type ChargebackInput = {
  id: string;
  chargeId: string | null;
  reference: string | null;
  amount: bigint;
  currency: string;
  status: string;
  at: Date;
  openedAt: Date | null;
  source: "webhook" | "inquiry";
  notificationId?: string | null;
  reason?: string | null;
};
export type ChargebackChange =
  | { kind: "unknown_status" }
  | { kind: "unchanged" }
  | { kind: "tied" }
  | { kind: "advanced"; status: ChargebackStatus }
  | { kind: "history"; status: string };

const ownerOf = (row: Record<string, unknown> | undefined) => (typeof row?.owner_id === "string" ? row.owner_id : null);

/** Upserts a chargeback and adds the status to its history; call inside a transaction. */
export async function applyChargebackStatus(sql: Sql, c: ChargebackInput): Promise<ChargebackChange> {
  const status = chargebackStatus(c.status);
  if (!status) return { kind: "unknown_status" };
  const opened = c.openedAt ?? c.at;
  const created = await sql(
    `INSERT INTO chargebacks (id, charge_id, reference, amount, currency, status, opened_at, last_change_at, reason, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, now()) ON CONFLICT (id) DO NOTHING RETURNING id`,
    [c.id, c.chargeId, c.reference, c.amount, c.currency, status, opened, c.at, c.reason ?? null],
  );
  const tied =
    created.length === 0 && c.chargeId
      ? await sql(
          "UPDATE chargebacks SET charge_id = $2, updated_at = now() WHERE id = $1 AND charge_id IS NULL RETURNING id",
          [c.id, c.chargeId],
        )
      : [];
  const conflict =
    created.length === 0 && c.chargeId
      ? await sql(
          `UPDATE chargebacks SET listed_charge_id = NULLIF($2, charge_id), updated_at = now()
            WHERE id = $1 AND charge_id IS NOT NULL AND listed_charge_id IS DISTINCT FROM NULLIF($2, charge_id)
            RETURNING charge_id, listed_charge_id`,
          [c.id, c.chargeId],
        )
      : [];
  if (conflict[0]?.listed_charge_id)
    await notifySql(sql, chargebackConflict(c, String(conflict[0].charge_id), c.chargeId!));
  if (created.length === 0 && c.reason) {
    await sql("UPDATE chargebacks SET reason = $2, updated_at = now() WHERE id = $1 AND reason IS DISTINCT FROM $2", [
      c.id,
      c.reason,
    ]);
  }
  const [current] = await sql("SELECT status, outcome, owner_id::text FROM chargebacks WHERE id = $1 FOR UPDATE", [
    c.id,
  ]);
  const added = await sql(
    `INSERT INTO chargeback_events (chargeback_id, status, at, source, notification_id) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (chargeback_id, status) DO NOTHING RETURNING id`,
    [c.id, status, c.at, c.source, c.notificationId ?? null],
  );
  if (added.length === 0) return tied.length > 0 ? { kind: "tied" } : { kind: "unchanged" };
  const was = String(current?.status ?? status);
  const forward = created.length > 0 || statusRank(status) > statusRank(was);
  const decided = status === "Won" || status === "Lost" ? status : null;
  await sql(
    `UPDATE chargebacks SET
       status = CASE WHEN $2 THEN $3 ELSE status END,
       last_change_at = GREATEST(last_change_at, $4),
       opened_at = LEAST(opened_at, $5),
       closed_at = CASE WHEN $3 = 'Case Closed' THEN coalesce(closed_at, $4) ELSE closed_at END,
       outcome = coalesce($6, outcome),
       amount = CASE WHEN amount = 0 THEN $7 ELSE amount END,
       updated_at = now()
     WHERE id = $1`,
    [c.id, forward, status, c.at, opened, decided, c.amount],
  );
  if (forward) await notifySql(sql, chargebackChanged(c, status, created.length > 0, ownerOf(current)));
  if (created.length > 0 && !c.chargeId) await notifySql(sql, chargebackUntied(c));
  return forward ? { kind: "advanced", status } : { kind: "history", status: was };
}
