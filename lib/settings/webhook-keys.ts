import type pg from "pg";
import { open, type Keyring } from "@/lib/platform/secrets/crypto";
import { config } from "@/lib/platform/config";

// The webhook secrets that verify now (current, previous for its grace, the sandbox's published
// one only at the local sandbox) and the customs token that checks MD5-signed notifications.
// Read by the server's intake outside Next too: no server-only, no @/lib/platform/db (ADR 0003).

/** The sandbox's webhook secret is published (sandbox/README.md). */
export const SANDBOX_WEBHOOK_SECRET = "whsec_sandbox_default";

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/** Whether the payment base URL is the bundled sandbox: a loopback host, where local mode runs it. */
export function isLocalSandbox(upiBaseUrl: string): boolean {
  try {
    return LOOPBACK.test(new URL(upiBaseUrl).hostname);
  } catch {
    return false;
  }
}

/** The secret to verify with: the well-known one only while the console talks to the local sandbox. */
export function usableSecret(secret: string | null, upiBaseUrl: string, production: boolean): string | null {
  if (secret !== SANDBOX_WEBHOOK_SECRET) return secret;
  return !production && isLocalSandbox(upiBaseUrl) ? secret : null;
}

const KEY_NAMES = {
  secret: "webhook.secret",
  previousSecret: "webhook.secret.previous",
  apiToken: "customs.token",
} as const;

/** How long the previous webhook secret still verifies after a rotation. */
export const PREVIOUS_SECRET_HOURS = config().webhooks.previousSecretHours;

/** When the previous secret stops verifying: the end written at rotation, else its row's time plus the grace. */
export function previousSecretEnds(meta: unknown, updatedAt: Date): Date {
  const written = (meta as { expiresAt?: unknown } | null)?.expiresAt;
  const at = typeof written === "string" ? new Date(written) : null;
  return at && !Number.isNaN(at.getTime()) ? at : new Date(updatedAt.getTime() + PREVIOUS_SECRET_HOURS * 3600_000);
}

export type WebhookKeys = {
  secret: string | null;
  previousSecret: string | null;
  apiToken: string | null;
  /** The stored secret is the sandbox's published one, unused at this payment base URL. */
  wellKnownIgnored: boolean;
};

/** The webhook secrets (current, previous while it has not ended) and the API token, decrypted. */
export async function loadKeys(db: Pick<pg.Pool, "query">, ring: Keyring, now = new Date()): Promise<WebhookKeys> {
  const base = await db.query<{ value: unknown }>("SELECT value FROM settings WHERE key = 'upiBaseUrl'");
  const stored = base.rows[0]?.value;
  const upiBaseUrl = typeof stored === "string" ? stored : config().settings.upiBaseUrl;
  const { rows } = await db.query<{
    name: string;
    ciphertext: Buffer;
    iv: Buffer;
    tag: Buffer;
    key_version: number;
    meta: unknown;
    updated_at: Date;
  }>("SELECT name, ciphertext, iv, tag, key_version, meta, updated_at FROM secrets WHERE name = ANY($1)", [
    Object.values(KEY_NAMES),
  ]);
  const value = (name: string) => {
    const row = rows.find((r) => r.name === name);
    if (!row) return null;
    if (name === KEY_NAMES.previousSecret && previousSecretEnds(row.meta, row.updated_at) <= now) return null;
    return open({ ciphertext: row.ciphertext, iv: row.iv, tag: row.tag, keyVersion: row.key_version }, name, ring);
  };
  const secrets = [value(KEY_NAMES.secret), value(KEY_NAMES.previousSecret)];
  const [secret = null, previousSecret = null] = secrets.map((s) => usableSecret(s, upiBaseUrl, config().production));
  // …and never as the previous secret, whatever a database from before kept (issue 48, item 10).
  return {
    secret,
    previousSecret: previousSecret === SANDBOX_WEBHOOK_SECRET ? null : previousSecret,
    apiToken: value(KEY_NAMES.apiToken),
    wellKnownIgnored: secrets[0] === SANDBOX_WEBHOOK_SECRET && secret === null,
  };
}

const forgetters = new Set<() => void>();

/** A cache of the keys (lib/webhooks/ingest.ts) is dropped the moment this process changes them. */
export function onWebhookKeysChanged(forget: () => void): void {
  forgetters.add(forget);
}

/** Drops this process's caches of the keys: other processes hear it on the bus (lib/platform/events). */
export function webhookKeysChanged(): void {
  for (const forget of forgetters) forget();
}
