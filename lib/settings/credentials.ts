import "server-only";
import { forgetWebhookKeys } from "@/lib/webhooks/ingest";
import { z } from "zod";
import { db } from "@/lib/db";
import { audit } from "@/lib/audit/log";
import type { Actor } from "@/lib/auth/session";
import { deleteSecret, readSecret, SECRET_NAMES, secretStatus, writeSecret } from "@/lib/secrets/store";
import { getSettings } from "@/lib/settings/service";
import { issueAccessToken } from "@/lib/upi/client";
import { UpiError } from "@/lib/upi/errors";
import { tokenManager } from "@/lib/upi";

export const CREDENTIALS = {
  "private-key": { secret: SECRET_NAMES.privateKey, label: "Private key" },
  "customs-token": { secret: SECRET_NAMES.customsToken, label: "Customs token" },
  "webhook-secret": { secret: SECRET_NAMES.webhookSecret, label: "Webhook secret" },
} as const;
export type CredentialName = keyof typeof CREDENTIALS;
export const credentialNameSchema = z.object({ name: z.enum(Object.keys(CREDENTIALS) as [CredentialName, ...CredentialName[]], "Unknown credential") });
export const credentialValueSchema = z.object({
  value: z.string().trim().min(8, "Paste the whole value (at least 8 characters)").max(4096).regex(/^\S+$/, "The value cannot contain spaces"),
});

type Client = { ip?: string | null; userAgent?: string | null };
type TokenMeta = { type: string; expiry: number; permission: string[] };

/** What an admin may see: which credentials are set, when and by whom, and the token's facts. */
export async function credentialStatus() {
  const status = await secretStatus();
  const token = status[SECRET_NAMES.accessToken];
  return {
    credentials: Object.fromEntries(
      Object.entries(CREDENTIALS).map(([key, c]) => [key, { label: c.label, set: !!status[c.secret], updatedAt: status[c.secret]?.updatedAt ?? null, updatedBy: status[c.secret]?.updatedBy ?? null }]),
    ),
    previousWebhookSecret: !!status[SECRET_NAMES.webhookSecretPrevious],
    token: token ? { ...(token.meta as TokenMeta), issuedAt: token.updatedAt } : null,
  };
}

/**
 * Sets or rotates a credential. A new private key discards the token made from the old
 * one; a new webhook secret keeps the old one as "previous" so notifications signed
 * during the rotation still verify.
 */
export async function setCredential(name: CredentialName, value: string, actor: Actor, client: Client) {
  const secret = CREDENTIALS[name].secret;
  await db.$transaction(async (tx) => {
    if (secret === SECRET_NAMES.webhookSecret) {
      const current = await readSecret(SECRET_NAMES.webhookSecret, tx);
      if (current && current.value !== value) await writeSecret(SECRET_NAMES.webhookSecretPrevious, current.value, { by: actor.email }, tx);
    }
    await writeSecret(secret, value, { by: actor.email }, tx);
    if (secret === SECRET_NAMES.privateKey) await deleteSecret(SECRET_NAMES.accessToken, tx);
  });
  if (secret === SECRET_NAMES.privateKey) tokenManager.reset();
  forgetWebhookKeys(); // this instance verifies with the new secret at once; others within seconds
  await audit({ actor, action: "settings.credential.set", result: "ok", targetType: "credential", targetId: name, ...client });
}

/** Issues a token with the stored private key and says in words how it went. */
export async function testConnection(actor: Actor, client: Client) {
  const [settings, key] = await Promise.all([getSettings(), readSecret(SECRET_NAMES.privateKey)]);
  let result: { ok: boolean; message: string; token?: TokenMeta };
  if (!key) {
    result = { ok: false, message: "No private key is set. Paste the merchant's private key first." };
  } else {
    try {
      const token = await issueAccessToken({ baseUrl: settings.upiBaseUrl, timeoutMs: settings.upiTimeoutMs }, key.value);
      const hours = Math.round((token.expiry - Date.now() / 1000) / 360) / 10;
      result = {
        ok: true,
        message: `Connected to ${settings.upiBaseUrl}: the private key issued a ${token.token_type} token valid for ${hours} hours with ${token.permission.join(", ") || "no listed"} permissions.`,
        token: { type: token.token_type, expiry: token.expiry, permission: token.permission },
      };
    } catch (error) {
      const reason = error instanceof UpiError ? `${error.title}: ${error.explanation}` : "an unexpected error";
      result = { ok: false, message: `Could not connect to ${settings.upiBaseUrl}: ${reason}` };
    }
  }
  await audit({ actor, action: "settings.test_connection", result: result.ok ? "ok" : "failed", reason: result.message, ...client });
  return result;
}
