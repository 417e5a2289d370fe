import type pg from "pg";
import type { Keyring } from "@/lib/platform/secrets/crypto";
import { loadKeys } from "@/lib/settings";
import { parseApiTime } from "@/lib/upi";
import { countStored, mayStore } from "./rate-limit";
import { storedBody } from "./stored-body";
import {
  dedupKey,
  isLegacy,
  isVerified,
  MalformedNotification,
  needsCharge,
  needsInquiry,
  receivedValues,
  signedValues,
  unsignedEssentials,
  verifySignature,
  type Keys,
  type Values,
} from "./verify";
import { log } from "@/lib/platform/log";
import { config } from "@/lib/platform/config";

// Runs in the server's intake outside Next: no server-only, no @/lib/db here (ADR 0003).

export const MAX_BODY_BYTES = 64 * 1024;
/** Told, on commit, the id of every new notification waiting to be applied. */
export const STORED_CHANNEL = "webhook_stored";

/** A notification whose signed time is older than this is refused (kept, never applied). */
export const REPLAY_WINDOW_DAYS = config().webhooks.replayWindowDays;
export type Received =
  | { status: 200; id: string; duplicate: boolean; verification: string; direct: boolean }
  | { status: 400 | 413 | 429 | 503; message: string };

type Queryable = Pick<pg.Pool, "query">;

/** A receiver bound to a pool and a keyring. */
export function createReceiver(pool: Queryable, keyring: () => Keyring, KEYS_MS = 3000) {
  let cache: { at: number; value: Promise<Keys> } | null = null;
  const keys = () => {
    if (cache && Date.now() - cache.at < KEYS_MS) return cache.value;
    const value = loadKeys(pool, keyring());
    cache = { at: Date.now(), value };
    value.catch(() => (cache = null));
    return value;
  };

  /** 200 once stored, 400 not a notification, 413, 429 over the unverified share, 503 not stored (sender retries). */
  async function receive(
    input: { contentType: string; body: string; ip: string | null },
    db: Queryable = pool,
  ): Promise<Received> {
    if (Buffer.byteLength(input.body) > MAX_BODY_BYTES)
      return { status: 413, message: "The notification is larger than 64 KB." };
    let values: Values;
    try {
      values = receivedValues(input.contentType, input.body);
    } catch (error) {
      if (error instanceof MalformedNotification) return { status: 400, message: error.message };
      throw error;
    }
    let verdict: ReturnType<typeof verifySignature>;
    let loaded: Keys;
    try {
      loaded = await keys();
      verdict = verifySignature(values, loaded);
    } catch {
      return { status: 503, message: "The console cannot read its webhook secrets right now; retry later." };
    }
    const verified = isVerified(verdict);
    // Bounded after the signature check and for unverified rows only; bytes reserved before the insert.
    const kept = storedBody(input.body, values, verified);
    const sender = input.ip ?? "unknown";
    const reserved = verified ? 0 : kept.bytes;
    if (reserved) {
      if (!mayStore(sender, reserved))
        return {
          status: 429,
          message: "This address stored too many unverified notifications this minute; retry later.",
        };
      countStored(sender, reserved);
    }
    const trusted = verified ? signedValues(values) : values;
    const eventTime = parseApiTime(trusted.time_completed) ?? parseApiTime(trusted.time_created);
    const missing = verified ? unsignedEssentials(values) : [];
    const tooOld =
      verified &&
      missing.length === 0 &&
      eventTime !== null &&
      eventTime.getTime() < Date.now() - REPLAY_WINDOW_DAYS * 86_400_000;
    const [state, detail] =
      verdict === "rejected"
        ? ["rejected", rejection(values, loaded)]
        : tooOld
          ? [
              "expired",
              `Signed ${eventTime.toISOString()}, older than the ${REPLAY_WINDOW_DAYS}-day replay window: refused, not applied. Re-sync from inquiry to take the service's view.`,
            ]
          : [
              "pending",
              missing.length
                ? `Signed without ${missing.join(", ")}: to be confirmed by inquiry.`
                : verdict === "verified_legacy"
                  ? "Signed with the MD5 scheme (keyed with the customs token): to be confirmed by inquiry."
                  : null,
            ];
    const text = (v: string | undefined, max: number) => v?.slice(0, max) || null;
    try {
      const { rows } = await db.query<{ id: string; inserted: boolean }>(
        `INSERT INTO webhook_notifications (dedup_key, content_type, raw_body, fields, transaction_type, transaction_id, parent_id, reference, status, amount, currency, event_time, verification, apply_state, apply_detail, ip, body_truncated, body_length, body_sha256)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)
         ON CONFLICT (dedup_key) DO UPDATE SET duplicates = webhook_notifications.duplicates + 1, last_duplicate_at = now()
         RETURNING id, (xmax = 0) AS inserted, CASE WHEN xmax = 0 AND apply_state = 'pending' THEN pg_notify('${STORED_CHANNEL}', id::text) END AS notified`,
        [
          dedupKey(values, verdict),
          input.contentType.slice(0, 100),
          kept.rawBody,
          kept.fields,
          text(trusted.transaction_type || (isLegacy(values) ? "pay_by_link" : ""), 40),
          text(trusted.id, 64),
          text(trusted.parent_id, 64),
          text(trusted.reference, 128),
          text(trusted.status, 64),
          /^-?\d{1,18}$/.test(trusted.amount ?? "") ? trusted.amount : null,
          text(trusted.currency, 8),
          eventTime,
          verdict,
          state,
          detail,
          input.ip,
          kept.truncated,
          kept.length,
          kept.sha256,
        ],
      );
      if (!rows[0]!.inserted && reserved) countStored(sender, -reserved);
      return {
        status: 200,
        id: rows[0]!.id,
        duplicate: !rows[0]!.inserted,
        verification: verdict,
        direct: state === "pending" && verified && !needsInquiry(verdict, values) && !needsCharge(trusted),
      };
    } catch (error) {
      if (reserved) countStored(sender, -reserved);
      log.error(`Webhook not stored: ${error instanceof Error ? error.message : String(error)}`);
      return { status: 503, message: "The notification could not be stored; retry later." };
    }
  }

  return { receive, forgetKeys: () => (cache = null) };
}

function rejection(values: Values, keys: Keys): string {
  if (!values.sign) return "No signature: not applied.";
  if (values.sign.length === 32 && !keys.apiToken)
    return "An MD5 (pay-by-link) signature, but no API token is stored to check it: not applied.";
  return "The signature did not match: not applied.";
}
