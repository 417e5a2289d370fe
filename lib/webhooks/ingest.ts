import "server-only";
import { pool } from "@/lib/db";
import { keyringOrThrow } from "@/lib/secrets/crypto";
import { getUpi } from "@/lib/upi";
import type { Charge, Transaction } from "@/lib/upi/schemas";
import { applyStored } from "./apply";
import { createReceiver } from "./receive";
import type { Values } from "./verify";

const globalForWebhooks = globalThis as unknown as { receiver?: ReturnType<typeof createReceiver> };
const receiver = (globalForWebhooks.receiver ??= createReceiver(pool, () => keyringOrThrow(process.env)));

/** Stores a notification before anything else (see lib/webhooks/receive.ts). */
export const receive = receiver.receive;
export const forgetWebhookKeys = receiver.forgetKeys;

/** Applies a stored notification; one that could not be verified is first confirmed by inquiry. */
export async function processNotification(id: string): Promise<string | null> {
  const { rows } = await pool.query<{ verification: string; apply_state: string; fields: Values; transaction_type: string | null }>(
    "SELECT verification, apply_state, fields, transaction_type FROM webhook_notifications WHERE id = $1",
    [id],
  );
  const n = rows[0];
  if (!n) return null;
  if (n.verification === "unverifiable" && ["pending", "unconfirmed"].includes(n.apply_state)) {
    const confirmed = await confirmByInquiry(n.transaction_type, n.fields).catch(() => null);
    if (!confirmed) {
      await pool.query(
        "UPDATE webhook_notifications SET apply_state = 'unconfirmed', apply_attempts = apply_attempts + 1, apply_detail = $2 WHERE id = $1",
        [id, "Could not be verified (no webhook secret) and the inquiry to confirm it failed; will try again."],
      );
      return "unconfirmed";
    }
    return applyStored(pool, id, confirmed);
  }
  return applyStored(pool, id);
}

/** The service's own current view of what a notification claims, in notification form. */
async function confirmByInquiry(type: string | null, v: Values): Promise<Values | null> {
  const upi = await getUpi();
  if (type === "charge" || type === "refund") {
    const t = (await upi.getTransaction(v.id!)) as Transaction;
    const out: Values = { ...v, status: String(t.status), amount: String(t.amount), currency: t.currency };
    if (t.object !== "refund" && t.object !== "capture" && t.object !== "cancel") {
      const c = t as Charge;
      out.amount_captured = c.amount_captured === null || c.amount_captured === undefined ? "" : String(c.amount_captured);
      out.amount_refunded = c.amount_refunded === null || c.amount_refunded === undefined ? "" : String(c.amount_refunded);
    }
    return out;
  }
  if (type === "chargeback" && v.parent_id) {
    const parent = (await upi.getTransaction(v.parent_id)) as Charge;
    const match = (parent.chargebacks ?? []).find((b) => b.id === v.id);
    return match ? { ...v, status: match.status, ...(match.amount !== undefined ? { amount: String(match.amount) } : {}) } : null;
  }
  return null;
}

/** The minute sweep: anything stored but not applied (a crash after the answer, an inquiry that failed). */
export async function sweepNotifications(): Promise<number> {
  const { rows } = await pool.query<{ id: string }>(
    `SELECT id FROM webhook_notifications
      WHERE apply_state IN ('pending', 'unconfirmed') AND received_at < now() - interval '10 seconds' AND apply_attempts < 20
      ORDER BY id LIMIT 500`,
  );
  for (const { id } of rows) await processNotification(id).catch(() => {});
  return rows.length;
}
