import { randomUUID } from "node:crypto";
import pg from "pg";
import { log } from "@/lib/platform/log";
import {
  CONFIG_CHANNEL,
  type ConfigBus,
  type ConfigBusOptions,
  type ConfigListener,
  publishConfigChange,
} from "./config-bus";

const PROBE = "probe:";

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

  /** Behind a pooler in transaction mode notifications never arrive: the bus never reports itself connected. */
  async function verify(client: pg.Client) {
    let ok = await probe();
    for (let tries = 1; !ok && tries < 3 && live === client; tries++) ok = await probe();
    if (live !== client) return;
    hearing = ok;
    if (!ok) {
      if (!deafTold)
        report(
          new Error(
            "notifications do not reach the listening connection (a pooler in transaction mode?): caches refresh every second instead",
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
