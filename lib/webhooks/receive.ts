import type pg from "pg";
import { open, type Keyring } from "@/lib/secrets/crypto";
import { parseApiTime } from "@/lib/upi/time";
import { dedupKey, MalformedNotification, receivedValues, verifySignature, type Keys, type Values } from "./verify";

// Storing a notification before it is acknowledged. Plain pg and node:crypto, no Next: the
// route handler uses it, and so does the lean listener in scripts/serve.ts that takes
// /api/webhooks/upi off Next's request pipeline for throughput.

export const MAX_BODY_BYTES = 64 * 1024;
const KEY_NAMES = { secret: "webhook.secret", previousSecret: "webhook.secret.previous", apiToken: "customs.token" } as const;

/** The webhook secrets (current, previous) and the API token, decrypted. */
export async function loadKeys(db: Pick<pg.Pool, "query">, ring: Keyring): Promise<Keys> {
  const { rows } = await db.query<{ name: string; ciphertext: Buffer; iv: Buffer; tag: Buffer; key_version: number }>(
    "SELECT name, ciphertext, iv, tag, key_version FROM secrets WHERE name = ANY($1)",
    [Object.values(KEY_NAMES)],
  );
  const value = (name: string) => {
    const row = rows.find((r) => r.name === name);
    return row ? open({ ciphertext: row.ciphertext, iv: row.iv, tag: row.tag, keyVersion: row.key_version }, name, ring) : null;
  };
  return { secret: value(KEY_NAMES.secret), previousSecret: value(KEY_NAMES.previousSecret), apiToken: value(KEY_NAMES.apiToken) };
}

export type Received =
  | { status: 200; id: string; duplicate: boolean; verification: string }
  | { status: 400 | 413 | 503; message: string };

type Queryable = Pick<pg.Pool, "query">;

/**
 * A receiver bound to a pool and a keyring. The secrets are decrypted at most every few
 * seconds, not per notification; a rotation reaches every instance within KEYS_MS (and the
 * previous secret still verifies meanwhile).
 */
export function createReceiver(pool: Queryable, keyring: () => Keyring, KEYS_MS = 3000) {
  let cache: { at: number; value: Promise<Keys> } | null = null;
  const keys = () => {
    if (cache && Date.now() - cache.at < KEYS_MS) return cache.value;
    const value = loadKeys(pool, keyring());
    cache = { at: Date.now(), value };
    value.catch(() => (cache = null));
    return value;
  };

  /**
   * Stores a notification and says whether to acknowledge it: 200 once stored (a replay is
   * counted on the stored row), 400 for a body that is not a notification, 413 too large,
   * 503 when it cannot be stored — the sender retries later.
   */
  async function receive(input: { contentType: string; body: string; ip: string | null }, db: Queryable = pool): Promise<Received> {
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

  return { receive, forgetKeys: () => (cache = null) };
}
