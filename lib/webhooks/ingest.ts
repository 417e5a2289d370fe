import "server-only";
import { pool } from "@/lib/db";
import { keyringOrThrow } from "@/lib/secrets/crypto";
import { getUpi } from "@/lib/upi";
import type { Charge, Transaction } from "@/lib/upi/schemas";
import { applyStored, MAX_APPLY_ATTEMPTS } from "./apply";
import { createReceiver } from "./receive";
import { needsInquiry, type Values } from "./verify";

const globalForWebhooks = globalThis as unknown as { receiver?: ReturnType<typeof createReceiver> };
const receiver = (globalForWebhooks.receiver ??= createReceiver(pool, () => keyringOrThrow(process.env)));

/** Stores a notification before anything else (see lib/webhooks/receive.ts). */
export const receive = receiver.receive;
export const forgetWebhookKeys = receiver.forgetKeys;

/**
 * Applies a stored notification. One that could not be verified, one signed with the MD5
 * scheme, or one whose signature leaves an essential out (lib/webhooks/verify.ts
 * needsInquiry) is confirmed by inquiry first and applied with the inquiry's values only.
 */
export async function processNotification(id: string): Promise<string | null> {
  const { rows } = await pool.query<{ verification: string; apply_state: string; fields: Values }>(
    "SELECT verification, apply_state, fields FROM webhook_notifications WHERE id = $1",
    [id],
  );
  const n = rows[0];
  if (!n) return null;
  const inquire = needsInquiry(n.verification, n.fields);
  if (inquire && ["pending", "unconfirmed"].includes(n.apply_state)) {
    const confirmed = await confirmByInquiry(n.fields).catch(() => null);
    if (!confirmed) {
      await pool.query(
        "UPDATE webhook_notifications SET apply_state = 'unconfirmed', apply_attempts = apply_attempts + 1, apply_detail = $2 WHERE id = $1",
        [id, `${INQUIRY_REASON[n.verification] ?? "Not every essential was signed"} and the inquiry to confirm it failed; will try again.`],
      );
      return "unconfirmed";
    }
    return applyStored(pool, id, confirmed);
  }
  return applyStored(pool, id);
}

const INQUIRY_REASON: Record<string, string> = {
  unverifiable: "Could not be verified (no webhook secret)",
  verified_legacy: "Signed with the MD5 scheme (never applied as it says)",
};

const text = (v: unknown) => (v === null || v === undefined ? "" : String(v));

/**
 * The service's own current view of what a notification claims, in notification form.
 * The notification only says what to ask about (its id, its type, a chargeback's charge);
 * every value returned — reference, parent, amount, status — is the inquiry's.
 */
async function confirmByInquiry(claimed: Values): Promise<Values | null> {
  const upi = await getUpi();
  const type = claimed.transaction_type;
  if ((type === "charge" || type === "refund") && claimed.id) {
    const t = (await upi.getTransaction(claimed.id)) as Transaction & { parent_id?: unknown };
    if ((t.object ?? "charge") !== type || t.id !== claimed.id) return null; // not what it claims to be
    const out: Values = {
      id: t.id, transaction_type: type, status: String(t.status), amount: String(t.amount), currency: t.currency,
      reference: text(t.reference), time_created: text(t.time_created),
    };
    if (type === "charge") {
      const c = t as Charge;
      Object.assign(out, { amount_captured: text(c.amount_captured), amount_refunded: text(c.amount_refunded), payment_method: text(c.payment?.method) });
    } else if (typeof t.parent_id === "string") out.parent_id = t.parent_id;
    return out;
  }
  if (type === "chargeback" && claimed.id && claimed.parent_id) {
    const parent = (await upi.getTransaction(claimed.parent_id)) as Charge;
    if ((parent.object ?? "charge") !== "charge") return null;
    const match = (parent.chargebacks ?? []).find((b) => b.id === claimed.id);
    if (!match) return null;
    return {
      id: claimed.id, transaction_type: "chargeback", status: match.status, parent_id: parent.id, reference: parent.reference,
      amount: text(match.amount), currency: match.currency ?? parent.currency,
    };
  }
  return null;
}

/** The minute sweep: anything stored but not applied (a crash after the answer, an inquiry that failed). */
export async function sweepNotifications(): Promise<number> {
  const { rows } = await pool.query<{ id: string }>(
    `SELECT id FROM webhook_notifications
      WHERE apply_state IN ('pending', 'unconfirmed') AND received_at < now() - interval '10 seconds' AND apply_attempts < $1
      ORDER BY id LIMIT 500`,
    [MAX_APPLY_ATTEMPTS],
  );
  for (const { id } of rows) await processNotification(id).catch(() => {});
  return rows.length;
}
