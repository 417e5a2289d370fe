import "server-only";
import type pg from "pg";
import { pool } from "@/lib/db";
import { readSecret, SECRET_NAMES } from "@/lib/secrets/store";
import { getUpi } from "@/lib/upi";
import type { Charge, Transaction } from "@/lib/upi/schemas";
import { parseApiTime } from "@/lib/upi/time";
import { applyStored } from "./apply";
import { dedupKey, MalformedNotification, receivedValues, verifySignature, type Keys, type Values } from "./verify";

export const MAX_BODY_BYTES = 64 * 1024;

// The secrets are decrypted at most every few seconds per instance, not per notification;
// a rotation reaches every instance within KEYS_MS (and the previous secret still verifies).
const KEYS_MS = 3000;
let keysCache: { at: number; value: Promise<Keys> } | null = null;

function keys(): Promise<Keys> {
  if (keysCache && Date.now() - keysCache.at < KEYS_MS) return keysCache.value;
  const value = Promise.all([
    readSecret(SECRET_NAMES.webhookSecret),
    readSecret(SECRET_NAMES.webhookSecretPrevious),
    readSecret(SECRET_NAMES.customsToken),
  ]).then(([secret, previousSecret, apiToken]) => ({ secret: secret?.value ?? null, previousSecret: previousSecret?.value ?? null, apiToken: apiToken?.value ?? null }));
  keysCache = { at: Date.now(), value };
  value.catch(() => (keysCache = null));
  return value;
}
export function forgetWebhookKeys() {
  keysCache = null;
}

export type Received =
  | { status: 200; id: string; duplicate: boolean; verification: string }
  | { status: 400 | 413 | 503; message: string };

type Queryable = Pick<pg.Pool, "query">;

/**
 * Stores a notification before anything else, and says whether to acknowledge it: 200 once
 * stored (a replay is counted on the stored row), 400 for a body that is not a notification,
 * 503 when it cannot be stored — the sender retries later.
 */
export async function receive(input: { contentType: string; body: string; ip: string | null }, db: Queryable = pool): Promise<Received> {
  if (Buffer.byteLength(input.body) > MAX_BODY_BYTES) return { status: 413, message: "The notification is larger than 64 KB." };
  let values: Values;
  try {
    values = receivedValues(input.contentType, input.body);
  } catch (error) {
    if (error instanceof MalformedNotification) return { status: 400, message: error.message };
    throw error;
  }
  let verdict: string;
  try {
    verdict = verifySignature(values, await keys());
  } catch {
    return { status: 503, message: "The console cannot read its webhook secrets right now; retry later." };
  }
  try {
    const { rows } = await db.query<{ id: string; inserted: boolean }>(
      `INSERT INTO webhook_notifications (dedup_key, content_type, raw_body, fields, transaction_type, transaction_id, parent_id, reference, status, amount, currency, event_time, verification, apply_state, apply_detail, ip)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
       ON CONFLICT (dedup_key) DO UPDATE SET duplicates = webhook_notifications.duplicates + 1, last_duplicate_at = now()
       RETURNING id, (xmax = 0) AS inserted`,
      [
        dedupKey(values), input.contentType.slice(0, 100), input.body, JSON.stringify(values), values.transaction_type!.slice(0, 40), values.id!.slice(0, 64),
        values.parent_id?.slice(0, 64) || null, values.reference?.slice(0, 128) || null, values.status!.slice(0, 64),
        /^-?\d{1,18}$/.test(values.amount ?? "") ? values.amount : null, values.currency?.slice(0, 8) || null,
        parseApiTime(values.time_completed) ?? parseApiTime(values.time_created), verdict, verdict === "rejected" ? "rejected" : "pending",
        verdict === "rejected" ? (values.sign ? "The signature did not match: not applied." : "No signature: not applied.") : null, input.ip,
      ],
    );
    return { status: 200, id: rows[0]!.id, duplicate: !rows[0]!.inserted, verification: verdict };
  } catch (error) {
    console.error(`Webhook not stored: ${error instanceof Error ? error.message : String(error)}`);
    return { status: 503, message: "The notification could not be stored; retry later." };
  }
}

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
    return applyStored(id, confirmed);
  }
  return applyStored(id);
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
