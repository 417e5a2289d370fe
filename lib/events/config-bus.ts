import { randomUUID } from "node:crypto";
import pg from "pg";
import { log } from "@/lib/log";

// Keeping per-process caches of settings and credentials coherent across processes and
// instances, through PostgreSQL LISTEN/NOTIFY. Plain pg — no Next, no "server-only", no
// "@/lib/db" — so every module graph creates its own: the application's
// (lib/events/index.ts) and the production server's webhook intake.
//
// A writer publishes a topic inside the transaction that changes the row
// (publishConfigChange): PostgreSQL delivers it only after the commit, and never for a
// rollback. Each process holds one LISTEN connection (createConfigBus); a cache forgets what
// it holds when its topics are heard, after every (re)connection (changes may have been
// missed meanwhile), and — while the connection is not known to be alive — whenever it is a
// second old (watchConfig).

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
} as const;

// Payloads the bus sends itself, to check that notifications reach it; never told to subscribers.
const PROBE = "probe:";

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

export function createConfigBus(pgConfig: pg.ClientConfig, options: ConfigBusOptions = {}): ConfigBus {
  const channel = options.channel ?? CONFIG_CHANNEL;
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`Not a channel name: ${channel}`);
  const heartbeatMs = options.heartbeatMs ?? 500;
  const deadAfterMs = options.deadAfterMs ?? 10_000;
  const probeMs = options.probeTimeoutMs ?? 2000;
  const [firstDelay, maxDelay] = options.backoffMs ?? [100, 5000];
  const report = options.onError ?? ((error: Error) => log.error(`[config-bus] ${error.message}`));

  const listeners = new Map<string, Set<ConfigListener>>();
  const probes = new Map<string, () => void>();
  let live: pg.Client | null = null;
  let hearing = false; // the probe came back on the listening connection
  let deafTold = false;
  let aliveAt = 0;
  let started: Promise<void> | null = null;
  let onFirst = () => {};
  let closed = false;
  let delay = firstDelay;
  const timers = {
    retry: null as NodeJS.Timeout | null,
    heartbeat: null as NodeJS.Timeout | null,
    reprobe: null as NodeJS.Timeout | null,
  };
  const stopTimers = (...names: (keyof typeof timers)[]) => {
    for (const n of names) {
      const timer = timers[n];
      if (timer) clearTimeout(timer);
      timers[n] = null;
    }
  };

  function tell(topic: string | null) {
    const fns =
      topic === null
        ? [...listeners.values()].flatMap((s) => [...s])
        : [...(listeners.get(topic) ?? []), ...(listeners.get("*") ?? [])];
    for (const fn of fns) {
      try {
        fn(topic);
      } catch (error) {
        report(error instanceof Error ? error : new Error(String(error)));
      }
    }
  }

  function heard(payload: string) {
    aliveAt = Date.now();
    if (payload.startsWith(PROBE)) probes.get(payload)?.();
    else tell(payload);
  }

  function reconnectLater() {
    if (closed || timers.retry) return;
    const wait = delay / 2 + Math.random() * (delay / 2);
    delay = Math.min(delay * 2, maxDelay);
    timers.retry = setTimeout(() => {
      timers.retry = null;
      void connect();
    }, wait);
    timers.retry.unref();
  }

  async function connect() {
    if (closed) return;
    const client = new pg.Client({ application_name: "console-config-bus", ...pgConfig, keepAlive: true });
    let lost = false;
    const lose = (error: Error | null, silent = false) => {
      if (lost) return;
      lost = true;
      if (live === client) {
        live = null;
        hearing = false;
        stopTimers("heartbeat", "reprobe");
      }
      client.removeAllListeners("notification");
      client.end().catch(() => {});
      // A socket that stopped answering may never deliver the end; let it go now.
      if (silent)
        (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
      if (error && !closed) report(new Error(`listening connection lost (${error.message}); reconnecting`));
      reconnectLater();
    };
    client.on("error", (error) => lose(error));
    client.on("end", () => lose(new Error("connection ended")));
    client.on("notification", (message) => message.channel === channel && heard(message.payload ?? ""));
    try {
      await client.connect();
      await client.query(`LISTEN "${channel}"`);
    } catch (error) {
      return lose(error instanceof Error ? error : new Error(String(error)));
    }
    if (lost) return;
    if (closed) return lose(null);
    // The bus never keeps a process alive: servers are kept alive by what they serve.
    (client as unknown as { connection?: { stream?: { unref?(): void } } }).connection?.stream?.unref?.();
    live = client;
    aliveAt = Date.now();
    delay = firstDelay;
    let asked = 0;
    timers.heartbeat = setInterval(() => {
      if (asked) {
        if (Date.now() - asked > deadAfterMs) lose(new Error(`no answer to the heartbeat for ${deadAfterMs} ms`), true);
        return;
      }
      asked = Date.now();
      client.query("SELECT 1").then(() => {
        asked = 0;
        aliveAt = Date.now();
      }, lose);
    }, heartbeatMs);
    timers.heartbeat.unref();
    await verify(client);
  }

  /**
   * Whether another session's notification reaches the listening connection. It does not
   * behind a pooler in transaction mode, nor on the embedded PGlite, which serves every
   * socket from one session: the bus then never reports itself connected (caches refresh
   * every second) and asks again every half minute.
   */
  async function verify(client: pg.Client) {
    const ok = await probe();
    if (live !== client) return;
    hearing = ok;
    if (!ok) {
      if (!deafTold)
        report(
          new Error(
            "notifications do not reach the listening connection (a pooler in transaction mode, or the embedded database?): caches refresh every second instead",
          ),
        );
      deafTold = true;
      timers.reprobe = setTimeout(() => void verify(client), 30_000);
      timers.reprobe.unref();
    }
    onFirst();
    tell(null);
  }

  async function probe(): Promise<boolean> {
    const payload = `${PROBE}${randomUUID()}`;
    const back = new Promise<boolean>((resolve) => {
      probes.set(payload, () => resolve(true));
      setTimeout(() => resolve(false), probeMs).unref();
    });
    const other = new pg.Client({ application_name: "console-config-bus", ...pgConfig });
    other.on("error", () => {});
    try {
      await other.connect();
      await publishConfigChange(other, payload, channel);
    } catch {
      // not heard, then
    } finally {
      other.end().catch(() => {});
    }
    const ok = await back;
    probes.delete(payload);
    return ok;
  }

  return {
    start() {
      if (closed) return Promise.resolve();
      started ??= new Promise<void>((resolve) => {
        onFirst = resolve;
        void connect();
      });
      return started;
    },
    subscribe(topic, fn) {
      const set = listeners.get(topic) ?? new Set();
      listeners.set(topic, set.add(fn));
      return () => void set.delete(fn);
    },
    async close() {
      closed = true;
      stopTimers("retry", "heartbeat", "reprobe");
      onFirst();
      const client = live;
      live = null;
      if (client) await client.end().catch(() => {});
    },
    get connected() {
      return live !== null && hearing && Date.now() - aliveAt < 2 * heartbeatMs;
    },
    get pid() {
      return (live as unknown as { processID?: number } | null)?.processID ?? null;
    },
  };
}

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
