import "server-only";
import {
  loadKeys,
  PREVIOUS_SECRET_HOURS,
  previousSecretEnds,
  SANDBOX_WEBHOOK_SECRET,
  webhookKeysChanged,
} from "./webhook-keys";
import { z } from "zod";
import { db, pool } from "@/lib/platform/db";
import { secretsKeyring } from "@/lib/platform/config";
import { audit, type Decided } from "@/lib/platform/audit/log";
import type { Actor } from "@/lib/platform/auth/actor";
import { deleteSecret, readSecret, SECRET_NAMES, secretStatus, writeSecret } from "@/lib/platform/secrets/store";
import { getSettings, getSettingsState, markVerified } from "@/lib/platform/settings/service";
import { issueAccessToken, UpiError, tokenManager } from "@/lib/upi";
import { keyed } from "@/lib/platform/keyed";
import { messageText } from "@/lib/platform/i18n/message-text";
import type { Locale } from "@/lib/platform/i18n/locales";

export const CREDENTIALS = {
  "private-key": { secret: SECRET_NAMES.privateKey, label: "Private key" },
  "customs-token": { secret: SECRET_NAMES.customsToken, label: "Customs token" },
  "webhook-secret": { secret: SECRET_NAMES.webhookSecret, label: "Webhook secret" },
} as const;
export type CredentialName = keyof typeof CREDENTIALS;
export const credentialNameSchema = z.object({
  name: z.enum(
    Object.keys(CREDENTIALS) as [CredentialName, ...CredentialName[]],
    keyed("validation.settings.credential"),
  ),
});
export { credentialValueSchema } from "@/lib/platform/settings/schema";

type TokenMeta = { type: string; expiry: number; permission: string[] };

/** What an admin may see: which credentials are set, when and by whom, and the token's facts. */
export async function credentialStatus() {
  const status = await secretStatus();
  const token = status[SECRET_NAMES.accessToken];
  return {
    credentials: Object.fromEntries(
      Object.entries(CREDENTIALS).map(([key, c]) => [
        key,
        {
          label: c.label,
          set: !!status[c.secret],
          updatedAt: status[c.secret]?.updatedAt ?? null,
          updatedBy: status[c.secret]?.updatedBy ?? null,
        },
      ]),
    ),
    ...previousSecret(status[SECRET_NAMES.webhookSecretPrevious]),
    unverified: (await getSettingsState()).unverified,
    token: token ? { ...(token.meta as TokenMeta), issuedAt: token.updatedAt } : null,
    /** The stored webhook secret is the sandbox's published one, unused at this payment base URL. */
    wellKnownWebhookSecret: (await loadKeys(pool, secretsKeyring()).catch(() => null))?.wellKnownIgnored ?? false,
  };
}

function previousSecret(row: { meta: unknown; updatedAt: Date } | undefined) {
  const ends = row ? previousSecretEnds(row.meta, row.updatedAt) : null;
  const live = !!ends && ends > new Date();
  return { previousWebhookSecret: live, previousWebhookSecretEnds: live ? ends!.toISOString() : null };
}

/** Sets or rotates a credential. */
export async function setCredential(
  name: CredentialName,
  { value }: { value: string },
  actor: Actor,
  decided: Decided = {},
) {
  const secret = CREDENTIALS[name].secret;
  await db.$transaction(async (tx) => {
    await decided.within?.(tx);
    if (secret === SECRET_NAMES.webhookSecret) {
      const current = await readSecret(SECRET_NAMES.webhookSecret, tx);
      const rotatedAt = new Date();
      const meta = {
        rotatedAt: rotatedAt.toISOString(),
        expiresAt: new Date(rotatedAt.getTime() + PREVIOUS_SECRET_HOURS * 3600_000).toISOString(),
      };
      // The sandbox's published secret is never kept as previous (issue 48, item 10): replaced, it ends at once.
      if (current && current.value !== value && current.value !== SANDBOX_WEBHOOK_SECRET)
        await writeSecret(SECRET_NAMES.webhookSecretPrevious, current.value, { by: actor.user.email, meta }, tx);
      else if (current?.value === SANDBOX_WEBHOOK_SECRET) await deleteSecret(SECRET_NAMES.webhookSecretPrevious, tx);
    }
    await writeSecret(secret, value, { by: actor.user.email }, tx);
    if (secret === SECRET_NAMES.privateKey) await deleteSecret(SECRET_NAMES.accessToken, tx);
    await audit(
      {
        actor,
        action: "settings.credential.set",
        result: "ok",
        reason: decided.reason,
        targetType: "credential",
        targetId: name,
      },
      tx,
    );
  });
  if (secret === SECRET_NAMES.privateKey) tokenManager.reset();
  if (secret === SECRET_NAMES.customsToken) await markVerified("customsBaseUrl");
  webhookKeysChanged(); // this process verifies with the new secret at once; others when they hear it (lib/platform/events)
}

// One answer for every way of not reaching the service: no port-scan oracle (docs/security.md).
const UNREACHABLE = keyed("settings.connection.unreachable");
const REFUSED_KEY = keyed("settings.connection.refusedKey");
const SERVICE_ERROR = keyed("settings.connection.serviceError");

function failureMessage(error: unknown): string {
  if (!(error instanceof UpiError) || error.httpStatus === null) return UNREACHABLE;
  if (error.code === "4010") return REFUSED_KEY;
  return ["timeout", "network", "bad_response"].includes(error.code) ? UNREACHABLE : SERVICE_ERROR;
}

/** Issues a token with the stored private key and says in words, in `locale`, how it went. */
export async function testConnection(actor: Actor, locale: Locale = "en") {
  const [settings, key] = await Promise.all([getSettings(), readSecret(SECRET_NAMES.privateKey)]);
  let result: { ok: boolean; message: string; token?: TokenMeta };
  let detail: string;
  if (!key) {
    result = { ok: false, message: keyed("settings.connection.noKey") };
    detail = "no private key";
  } else {
    try {
      const token = await issueAccessToken(
        { baseUrl: settings.upiBaseUrl, timeoutMs: settings.upiTimeoutMs },
        key.value,
      );
      const hours = Math.round((token.expiry - Date.now() / 1000) / 360) / 10;
      await markVerified("upiBaseUrl");
      result = {
        ok: true,
        message: keyed("settings.connection.connected", {
          type: token.token_type,
          hours,
          permissions: token.permission.join(", ") || "—",
        }),
        token: { type: token.token_type, expiry: token.expiry, permission: token.permission },
      };
      detail = `connected to ${settings.upiBaseUrl}`;
    } catch (error) {
      result = { ok: false, message: failureMessage(error) };
      detail = `${settings.upiBaseUrl}: ${error instanceof UpiError ? `${error.code} ${error.upstreamMessage}` : String(error)}`;
    }
  }
  await audit({
    actor,
    action: "settings.test_connection",
    result: result.ok ? "ok" : "failed",
    reason: messageText(result.message),
    detail: { detail },
  });
  // Said in the words of the person who pressed Test connection; the audit keeps English.
  return { ...result, message: messageText(result.message, locale) };
}
