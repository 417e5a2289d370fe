// Per-process caches kept coherent across instances through LISTEN/NOTIFY (ADR 0007); no Next, no server-only.

export const CONFIG_CHANNEL = "console_config";

/** The payloads on the channel: what changed, never the value. */
export const CONFIG_TOPICS = {
  settings: "settings",
  privateKey: "secret:private-key",
  accessToken: "secret:access-token",
  /** The customs token (secret customs.token); it also checks MD5-signed (pay-by-link) notifications. */
  customsToken: "secret:customs-token",
  webhookSecret: "secret:webhook-secret",
  /** The single sign-on client secret (sso.client_secret): read at each sign-in, nothing cached. */
  ssoClientSecret: "secret:sso-client-secret",
} as const;

/** Called with the topic heard, or null after a (re)connection: anything may have changed. */
export type ConfigListener = (topic: string | null) => void;

export type ConfigBus = {
  start(): Promise<void>;
  subscribe(topic: string, fn: ConfigListener): () => void;
  close(): Promise<void>;
  readonly connected: boolean;
  readonly pid: number | null;
};

export type ConfigBusOptions = {
  channel?: string;
  heartbeatMs?: number;
  deadAfterMs?: number;
  probeTimeoutMs?: number;
  backoffMs?: readonly [number, number];
  onError?: (error: Error) => void;
};

/** `SELECT pg_notify(channel, topic)` inside the writing transaction: heard after commit, never after a rollback. */
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

/** Keeps one process-local cache coherent; without the bus nothing cached is older than `fallbackMs` (ADR 0007). */
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
