import type pg from "pg";
import { parseApiTime } from "@/lib/upi/time";
import { applyChargebackStatus } from "@/lib/chargebacks/record";
import { maskPan } from "@/lib/ledger/scrub";
import { markLinkFromNotification } from "@/lib/payment-links/notification";
import { applyCharge, CHARGE_STATUS } from "./apply-charges";
import { event, int, lockRow, notificationPayload, RANK, type Outcome } from "./ledger-rows";
import { needsCharge, needsInquiry, signedValues, unsignedEssentials, type Values } from "./verify";

// Applying a stored notification's values to the ledger: idempotent (a second apply changes
// nothing) and monotonic (a late or out-of-order status never rolls a transaction back).
// Plain SQL on the client of the caller's transaction (lib/webhooks/apply-stored.ts).

const REFUND_STATUS: Record<string, string> = {
  success: "succeeded",
  succeeded: "succeeded",
  fail: "failed",
  failed: "failed",
  pending: "pending",
};

async function applyRefund(client: pg.PoolClient, v: Values, notificationId: string): Promise<Outcome> {
  const status = REFUND_STATUS[v.status!.toLowerCase()];
  if (!status) return { state: "unchanged", detail: `Unknown refund status “${v.status}”: recorded, not applied.` };
  const parentId = v.parent_id || null;
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
      await event(client, v.id!, `Notification: refund ${v.status}`, notificationId);
      outcome = { state: "applied", detail: `Refund added to the ledger as ${status}.` };
    } else row = (await lockRow(client, v.id!))!;
  }
  if (!outcome && (RANK[status] ?? 0) > (RANK[row!.status] ?? 0)) {
    await client.query("UPDATE ledger_transactions SET status = $2, updated_at = now() WHERE id = $1", [v.id, status]);
    await event(client, v.id!, `Notification: refund ${v.status} (${row!.status} → ${status})`, notificationId);
    outcome = { state: "applied", detail: `Status ${row!.status} → ${status}.` };
  }
  outcome ??=
    row!.status === status
      ? { state: "unchanged", detail: `Already ${status}.` }
      : { state: "stale", detail: `Ignored: the refund is already ${row!.status}.` };
  if (parentId) {
    // The charge's refunded amount only grows: the sum of the refunds the ledger knows succeeded.
    const parent = await client.query(
      `UPDATE ledger_transactions SET amount_refunded = GREATEST(coalesce(amount_refunded, 0),
         (SELECT coalesce(sum(amount), 0) FROM ledger_transactions WHERE parent_id = $1 AND type = 'refund' AND status = 'succeeded')), updated_at = now()
       WHERE id = $1 AND type = 'charge' AND amount_refunded IS DISTINCT FROM GREATEST(coalesce(amount_refunded, 0),
         (SELECT coalesce(sum(amount), 0) FROM ledger_transactions WHERE parent_id = $1 AND type = 'refund' AND status = 'succeeded'))`,
      [parentId],
    );
    if (parent.rowCount) await event(client, parentId, `Notification: refund ${v.id} ${v.status}`, notificationId);
  }
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
    await client.query(
      `INSERT INTO audit_log (action, result, target_type, target_id, amount, currency, detail)
       VALUES ('refund.outcome', $1, 'transaction', $2, $3, $4, $5)`,
      [
        status,
        op.transaction_id,
        op.amount,
        op.currency,
        JSON.stringify({
          operationId: op.id,
          reference: v.reference,
          resultId: v.id,
          requestedBy: op.requested_by_email,
          approvedBy: op.decided_by_email,
          by: "webhook",
        }),
      ],
    );
  }
  return null;
}

async function applyChargeback(client: pg.PoolClient, v: Values, notificationId: string): Promise<Outcome> {
  if (!v.parent_id)
    return {
      state: "unconfirmed",
      detail: "Not yet tied to a charge: waiting for an inquiry of the charge with its reference.",
    };
  const changed = await applyChargebackStatus((text, params) => client.query(text, params).then((r) => r.rows), {
    id: v.id!,
    chargeId: v.parent_id,
    reference: v.reference || null,
    amount: int(v.amount) ?? 0n,
    currency: v.currency || "",
    status: v.status!,
    at: parseApiTime(v.time_completed) ?? new Date(),
    openedAt: parseApiTime(v.time_created),
    source: "webhook",
    notificationId,
    reason: v.reason || null,
  });
  if (changed.kind === "unknown_status")
    return { state: "unchanged", detail: `Unknown chargeback status “${v.status}”: recorded, not applied.` };
  if (changed.kind === "unchanged")
    return { state: "unchanged", detail: `Chargeback already has ${v.status} in its history.` };
  return {
    state: "applied",
    detail:
      changed.kind === "advanced"
        ? `Chargeback now ${changed.status}.`
        : `${v.status} added to the history; the chargeback stays ${changed.status}.`,
  };
}

/** "142.00" CNY yuan as 14200 fen, exactly (no floating point); null for anything else. */
export function cnyFen(value: string | undefined): bigint | null {
  const m = /^(\d{1,15})(?:\.(\d{1,2}))?$/.exec(value?.trim() ?? "");
  return m ? BigInt(m[1]!) * 100n + BigInt((m[2] ?? "").padEnd(2, "0")) : null;
}

/**
 * A pay-by-link payment (legacy notification): the charge it names lands in the ledger as
 * a captured charge with its CNY amount, and the payment link with its reference is marked
 * paid at the time the service reports.
 */
async function applyPayByLink(client: pg.PoolClient, v: Values, notificationId: string): Promise<Outcome> {
  const status = CHARGE_STATUS[v.status!.toLowerCase()];
  const paid = status === "succeeded";
  const charge = await applyCharge(
    client,
    { ...v, payment_method: v.vendor ?? "", amount_captured: paid ? (v.amount ?? "") : "" },
    notificationId,
  );
  const fen = cnyFen(v.amount_CNY);
  const cny =
    fen === null
      ? 0
      : (
          await client.query(
            "UPDATE ledger_transactions SET cny_amount = $2, updated_at = now() WHERE id = $1 AND cny_amount IS DISTINCT FROM $2",
            [v.id, fen],
          )
        ).rowCount;
  const link =
    status === "succeeded" || status === "canceled" || status === "failed"
      ? await markLinkFromNotification(client, {
          reference: v.reference ?? "",
          transactionId: v.id!,
          status: paid ? "succeeded" : "canceled",
          cnyFen: fen,
          at: parseApiTime(v.time_completed) ?? new Date(),
        })
      : false;
  const detail = [
    charge.detail,
    cny ? `CNY amount ${v.amount_CNY}.` : "",
    link ? `Payment link ${v.reference} ${paid ? "paid" : "closed"}.` : "",
  ]
    .filter(Boolean)
    .join(" ");
  return { state: charge.state === "applied" || cny || link ? "applied" : charge.state, detail };
}

/** A vault notification (success) adds the token to the vault page: masked pan only. */
async function applyVault(client: pg.PoolClient, v: Values): Promise<Outcome> {
  if (v.status!.toLowerCase() !== "success") return { state: "unchanged", detail: `Vault ${v.status}: recorded.` };
  let payment: { type?: string; data?: { pan?: string; expiry?: string } } = {};
  try {
    payment = v.payment ? JSON.parse(v.payment) : {};
  } catch {
    // the raw notification is kept; the token is still worth listing
  }
  const pan = payment.data?.pan ?? null;
  const { rowCount } = await client.query(
    `INSERT INTO vault_tokens (token, reference, method, brand, pan_masked, expiry, status, source, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, 'active', 'webhook', now()) ON CONFLICT (token) DO NOTHING`,
    [
      v.id,
      v.reference || null,
      v.payment_method || null,
      payment.type ?? null,
      pan && /\d{12,}/.test(pan) ? maskPan(pan) : pan,
      payment.data?.expiry ?? null,
    ],
  );
  return rowCount
    ? { state: "applied", detail: "Token added to the vault list." }
    : { state: "unchanged", detail: "Token already known." };
}

export type Stored = {
  id: string;
  fields: Values;
  verification: string;
  apply_state: string;
  transaction_type: string | null;
};
export type Decided = { state: string; detail: string; tiedTo: string | null };

/**
 * What one stored notification does, inside the caller's transaction with its row locked.
 * Only signed values are applied. `confirmed` carries what an inquiry returned for a
 * notification that could not be verified or left essentials unsigned: then every value
 * comes from the inquiry, none from the notification.
 */
export async function applyNotification(client: pg.PoolClient, n: Stored, confirmed?: Values): Promise<Decided> {
  let outcome: Outcome | { state: "rejected" | "unconfirmed"; detail: string };
  const missing = n.verification.startsWith("verified") ? unsignedEssentials(n.fields) : [];
  if (n.verification === "rejected")
    outcome = { state: "rejected", detail: "The signature did not match: not applied." };
  else if (n.verification === "unverifiable" && !confirmed)
    outcome = {
      state: "unconfirmed",
      detail: "No webhook secret is configured: waiting for an inquiry to confirm it.",
    };
  else if (missing.length && !confirmed)
    outcome = {
      state: "unconfirmed",
      detail: `Signed without ${missing.join(", ")}: waiting for an inquiry to confirm it.`,
    };
  else if (needsInquiry(n.verification, n.fields) && !confirmed)
    outcome = { state: "unconfirmed", detail: "Signed with the MD5 scheme: waiting for an inquiry to confirm it." };
  else if (needsCharge(n.fields) && !confirmed)
    outcome = { state: "unconfirmed", detail: "Names no charge: waiting for an inquiry of its charge to tie it." };
  else {
    const v = confirmed ?? signedValues(n.fields);
    const type = confirmed ? (confirmed.transaction_type ?? null) : n.transaction_type;
    outcome =
      type === "charge"
        ? await applyCharge(client, v, n.id)
        : type === "refund"
          ? await applyRefund(client, v, n.id)
          : type === "chargeback"
            ? await applyChargeback(client, v, n.id)
            : type === "vault"
              ? await applyVault(client, v)
              : type === "pay_by_link"
                ? await applyPayByLink(client, v, n.id)
                : { state: "unchanged", detail: `Unknown transaction_type “${type}”: recorded, not applied.` };
    if (confirmed && outcome.state === "applied")
      outcome = { ...outcome, detail: `Confirmed by inquiry. ${outcome.detail}` };
  }
  // A refund or chargeback tied to its charge by inquiry (the real service's notifications
  // name none) files under that charge in the inbox too, so a search by the charge finds it.
  const tiedTo = confirmed?.parent_id && /^[\w-]{1,64}$/.test(confirmed.parent_id) ? confirmed.parent_id : null;
  return {
    state: confirmed && outcome.state === "applied" ? "confirmed" : outcome.state,
    detail: outcome.detail,
    tiedTo,
  };
}
