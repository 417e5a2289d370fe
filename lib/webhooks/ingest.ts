import "server-only";
import { pool } from "@/lib/platform/db";
import { CONFIG_TOPICS, watchConfigChanges } from "@/lib/platform/events";
import { secretsKeyring } from "@/lib/platform/config";
import { applyStored } from "./apply-stored";
import { confirmByInquiry } from "./confirm";
import { recordUntiedChargeback } from "./apply-chargebacks";
import { onWebhookKeysChanged } from "@/lib/settings";
import { createReceiver } from "./receive";
import { finalChargebackOutcome, isVerified, needsCharge, needsInquiry, type Values } from "./verify";

const receiver = createReceiver(pool, secretsKeyring);
const check = watchConfigChanges([CONFIG_TOPICS.webhookSecret, CONFIG_TOPICS.customsToken], receiver.forgetKeys);
onWebhookKeysChanged(receiver.forgetKeys);

/** Stores a notification before anything else (see lib/webhooks/receive.ts). */
export const receive: typeof receiver.receive = (input, db) => {
  check();
  return receiver.receive(input, db);
};

/** Applies a stored notification. */
export async function processNotification(id: string): Promise<string | null> {
  const { rows } = await pool.query<{ verification: string; apply_state: string; fields: Values }>(
    "SELECT verification, apply_state, fields FROM webhook_notifications WHERE id = $1",
    [id],
  );
  const n = rows[0];
  if (!n) return null;
  const trusted = isVerified(n.verification) && !needsInquiry(n.verification, n.fields);
  const signedFinal =
    finalChargebackOutcome(n.fields) &&
    isVerified(n.verification) &&
    !needsInquiry(n.verification, { ...n.fields, status: "" });
  const inquire = !trusted || needsCharge(n.fields);
  if (inquire && ["pending", "unconfirmed"].includes(n.apply_state)) {
    const confirmed = await confirmByInquiry(n.fields, trusted || signedFinal).catch((e: unknown) => ({
      reason: `The inquiry failed (${e instanceof Error ? e.message : String(e)}); will try again.`,
    }));
    if ("reason" in confirmed) {
      const untied =
        trusted && n.fields.transaction_type === "chargeback" && n.fields.id
          ? await recordUntiedChargeback(pool, n.fields, id)
          : false;
      await pool.query(
        "UPDATE webhook_notifications SET apply_state = 'unconfirmed', apply_attempts = apply_attempts + 1, apply_detail = $2 WHERE id = $1",
        [
          id,
          `${trusted ? "Names no charge" : signedFinal ? "A chargeback's final outcome, applied as the provider lists it" : (INQUIRY_REASON[n.verification] ?? "Not every essential was signed")}, and it is not confirmed yet: ${confirmed.reason}${untied ? " Shown meanwhile as a chargeback not yet tied to a charge." : ""}`,
        ],
      );
      return "unconfirmed";
    }
    return applyStored(pool, id, confirmed.values);
  }
  return applyStored(pool, id);
}

const INQUIRY_REASON: Record<string, string> = {
  unverifiable: "Could not be verified (no webhook secret)",
  verified_legacy: "Signed with the MD5 scheme (never applied as it says)",
};
