// At start (server/main.ts, after the database is reachable): the sandbox's published webhook
// secret stored while the console talks to another payment service verifies nothing
// (lib/settings/webhook-keys.ts), so notifications are confirmed by inquiry only. In
// development that is a warning; with CONSOLE_ENV=production the server refuses to start
// until the provider's own secret is set (issue 30).
import pg from "pg";
import type { Keyring } from "@/lib/platform/secrets/crypto";
import { secretsKeyring } from "@/lib/platform/config";
import { pgConfigFromUrl } from "@/lib/platform/db-url";
import { log } from "@/lib/platform/log";
import { loadKeys, SANDBOX_WEBHOOK_SECRET } from "@/lib/settings/webhook-keys";

export const WELL_KNOWN_SECRET_MESSAGE =
  `The webhook secret is the sandbox's published one (${SANDBOX_WEBHOOK_SECRET}), but the payment base URL is not ` +
  "the local sandbox: no notification is verified with it. Set the payment provider's webhook secret in Settings.";

/** What to do about the stored webhook secret at start: nothing, warn, or refuse to start. */
export async function webhookSecretCheck(
  pool: Pick<pg.Pool, "query">,
  ring: Keyring,
  production: boolean,
): Promise<"ok" | "warn" | "refuse"> {
  const keys = await loadKeys(pool, ring);
  if (!keys.wellKnownIgnored) return "ok";
  return production ? "refuse" : "warn";
}

/** Runs the check once at start on a connection of its own; exits 2 when production must not start. */
export async function checkWebhookSecretAtStart(databaseUrl: string, production: boolean): Promise<void> {
  const client = new pg.Client(pgConfigFromUrl(databaseUrl));
  let verdict: Awaited<ReturnType<typeof webhookSecretCheck>>;
  try {
    await client.connect();
    verdict = await webhookSecretCheck(client, secretsKeyring(), production);
  } catch (e) {
    // No secrets table yet, no key: the receiver reports its own failures; nothing to judge here.
    log.warn(`[webhooks] webhook secret not checked at start: ${e instanceof Error ? e.message : e}`);
    return;
  } finally {
    await client.end().catch(() => {});
  }
  if (verdict === "refuse") {
    console.error(`Could not start: ${WELL_KNOWN_SECRET_MESSAGE}`);
    process.exit(2);
  }
  if (verdict === "warn") log.warn(`[webhooks] ${WELL_KNOWN_SECRET_MESSAGE}`);
}
