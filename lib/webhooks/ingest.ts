import "server-only";
import { pool } from "@/lib/db";
import { keyringOrThrow } from "@/lib/secrets/crypto";
import { applyStored } from "./apply";
import { confirmByInquiry } from "./confirm";
import { createReceiver } from "./receive";
import { isVerified, needsCharge, unsignedEssentials, type Values } from "./verify";

const globalForWebhooks = globalThis as unknown as { receiver?: ReturnType<typeof createReceiver> };
const receiver = (globalForWebhooks.receiver ??= createReceiver(pool, () => keyringOrThrow(process.env)));

/** Stores a notification before anything else (see lib/webhooks/receive.ts). */
export const receive = receiver.receive;
export const forgetWebhookKeys = receiver.forgetKeys;

/**
 * Applies a stored notification. One that could not be verified, or whose signature leaves
 * an essential out (lib/webhooks/verify.ts unsignedEssentials), is confirmed by inquiry
 * first and applied with the inquiry's values only; a refund or chargeback that names no
 * charge is tied to one by inquiry first (lib/webhooks/confirm.ts).
 */
export async function processNotification(id: string): Promise<string | null> {
  const { rows } = await pool.query<{ verification: string; apply_state: string; fields: Values }>(
    "SELECT verification, apply_state, fields FROM webhook_notifications WHERE id = $1",
    [id],
  );
  const n = rows[0];
  if (!n) return null;
  const verified = isVerified(n.verification);
  const complete = verified && unsignedEssentials(n.fields).length === 0;
  const inquire = n.verification === "unverifiable" || (verified && (!complete || needsCharge(n.fields)));
  if (inquire && ["pending", "unconfirmed"].includes(n.apply_state)) {
    const confirmed = await confirmByInquiry(n.fields, complete).catch((e: unknown) => ({ reason: `The inquiry failed (${e instanceof Error ? e.message : String(e)}); will try again.` }));
    if ("reason" in confirmed) {
      const why = n.verification === "unverifiable" ? "Could not be verified (no webhook secret)" : complete ? "Names no charge" : "Not every essential was signed";
      await pool.query(
        "UPDATE webhook_notifications SET apply_state = 'unconfirmed', apply_attempts = apply_attempts + 1, apply_detail = $2 WHERE id = $1",
        [id, `${why}, and it is not confirmed yet: ${confirmed.reason}`],
      );
      return "unconfirmed";
    }
    return applyStored(pool, id, confirmed.values);
  }
  return applyStored(pool, id);
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
