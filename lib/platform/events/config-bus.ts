// Per-process caches of settings and credentials kept coherent across instances through
// LISTEN/NOTIFY (ADR 0007). Plain pg, without Next or "server-only", so the webhook intake's
// module graph can have its own bus beside the application's.

export const CONFIG_CHANNEL = "console_config";

/** The payloads on the channel: what changed, never the value. */
export const CONFIG_TOPICS = {
  /** Any row of the settings table: a setting, or a base URL's "unverified" mark. */
  settings: "settings",
  /** The merchant's private key (secret upi.private_key): set, or discarded by a new payment base URL. */
  privateKey: "secret:private-key",
  /** The server access token (secret upi.access_token): renewed, or discarded with its private key. */
  accessToken: "secret:access-token",
  /** The customs token (secret customs.token); it also checks MD5-signed (pay-by-link) notifications. */
  customsToken: "secret:customs-token",
  /** The webhook secret or the previous one kept through a rotation (webhook.secret, webhook.secret.previous). */
  webhookSecret: "secret:webhook-secret",
  /** The single sign-on client secret (sso.client_secret): read at each sign-in, nothing cached. */
  ssoClientSecret: "secret:sso-client-secret",
} as const;

/** Called with the topic heard, or null after a (re)connection: anything may have changed. */
export type ConfigListener = (topic: string | null) => void;

export type ConfigBus = {
  /** Connects (once; later calls return the same promise), resolved when first listening. Never rejects: it retries. */
  start(): Promise<void>;
  /** `fn` for one topic, or "*" for every topic; every listener also hears null after each (re)connection. Returns the unsubscribe. */
  subscribe(topic: string, fn: ConfigListener): () => void;
  close(): Promise<void>;
  /**
   * Listening, notifications from other sessions reach it, and it answered within the last
   * second: a change committed more than that ago was heard.
   */
  readonly connected: boolean;
  /** The listening backend's process id (pg_stat_activity.pid), for diagnostics. */
  readonly pid: number | null;
};

export type ConfigBusOptions = {
  channel?: string;
  /** How often the idle connection is asked `SELECT 1`: `connected` turns false within two of these when it stops answering. */
  heartbeatMs?: number;
  /** A heartbeat unanswered this long: the connection is dropped and made again. */
  deadAfterMs?: number;
  /** How long the check made at each connection waits for its own notification from another session. */
  probeTimeoutMs?: number;
  /** Reconnection delays: doubling from the first to the second, with jitter. */
  backoffMs?: readonly [number, number];
  onError?: (error: Error) => void;
};

/**
 * Announces that `topic` changed: `SELECT pg_notify(channel, topic)` on the given client. Call
 * it inside the transaction that writes — listeners hear it after the commit, never after a
 * rollback. With a Prisma client it returns Prisma's lazy promise, so it can go into a batch
 * `$transaction([...])`; with a pg client or pool, the query's promise.
 */
export function publishConfigChange<P>(
  client: { $executeRawUnsafe(query: string, ...values: unknown[]): P },
  topic: string,
  channel?: string,
): P;
export function publishConfigChange(
  client: { query(text: string, values: unknown[]): Promise<unknown> },
  topic: string,
  channel?: string,
): Promise<unknown>;
export function publishConfigChange(
  client:
    | { $executeRawUnsafe(query: string, ...values: unknown[]): unknown }
    | { query(text: string, values: unknown[]): Promise<unknown> },
  topic: string,
  channel = CONFIG_CHANNEL,
): unknown {
  const sql = "SELECT pg_notify($1, $2)";
  return "$executeRawUnsafe" in client
    ? client.$executeRawUnsafe(sql, channel, topic)
    : client.query(sql, [channel, topic]);
}

/**
 * Keeps one process-local cache coherent. Returns `check`, to call before each use of the
 * cache: the first check subscribes `forget` to `topics` on the bus (starting it); after that
 * `forget` runs when a topic is heard, after each (re)connection, and — while the bus is not
 * connected — at a check when it last ran `fallbackMs` ago or more, so without the bus
 * nothing cached is older than that. A new bus (after a restart) is subscribed to afresh.
 */
export function watchConfig(
  bus: () => ConfigBus,
  topics: readonly string[],
  forget: () => void,
  { fallbackMs = 1000 } = {},
): () => void {
  let watched: ConfigBus | null = null;
  let forgotAt = 0;
  const drop = () => {
    forgotAt = Date.now();
    forget();
  };
  return function check() {
    const current = bus();
    if (watched !== current) {
      watched = current;
      for (const topic of topics) current.subscribe(topic, drop);
      void current.start();
      drop();
    }
    if (!current.connected && Date.now() - forgotAt >= fallbackMs) drop();
  };
}
