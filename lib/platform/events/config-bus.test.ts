import type pg from "pg";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { config as appConfig } from "@/lib/platform/config";
import { db, pool } from "@/lib/platform/db";
import { pgConfigFromUrl } from "@/lib/platform/db-url";
import { SECRET_NAMES, writeSecret } from "@/lib/platform/secrets/store";
import { updateSettings } from "@/lib/platform/settings/service";
import { poll } from "@/test/instance";
import { freezableRelay } from "@/test/pg-relay";
import { publishConfigChange, watchConfig, type ConfigBus } from "./config-bus";
import { createConfigBus } from "./config-bus-connection";

// Issue 18 item 3: the configuration bus itself — commits only, reconnection, a connection
// that stops answering, and how long a cache may live without the bus.

const config = pgConfigFromUrl(appConfig().databaseUrl!);
const buses: ConfigBus[] = [];
function bus(options: Parameters<typeof createConfigBus>[1] = {}, pgConfig: pg.ClientConfig = config) {
  const created = createConfigBus(pgConfig, { onError: () => {}, ...options });
  buses.push(created);
  return created;
}
afterEach(async () => {
  await Promise.all(buses.splice(0).map((b) => b.close()));
  vi.restoreAllMocks();
});
// The next file's settings and secrets are its own.
afterAll(() =>
  db.$transaction([
    db.setting.deleteMany({ where: { key: "upiTimeoutMs" } }),
    db.secret.deleteMany({ where: { name: { in: [SECRET_NAMES.webhookSecret, SECRET_NAMES.customsToken] } } }),
  ]),
);

describe("publishing", () => {
  it("(e) a publish inside a rolled-back transaction reaches nobody; a committed one does", async () => {
    const listening = bus();
    const heard: string[] = [];
    listening.subscribe("*", (topic) => topic !== null && heard.push(topic));
    await listening.start();

    // The settings service: the change fails in its batch, the announcement goes with it.
    await expect(
      updateSettings({ upiTimeoutMs: 17_000 }, "test", {}, undefined, [db.$executeRawUnsafe("SELECT 1/0")]),
    ).rejects.toThrow();
    // A secret written inside a transaction that then fails.
    await expect(
      db.$transaction(async (tx) => {
        await writeSecret(SECRET_NAMES.webhookSecret, "whsec_never_committed", {}, tx);
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    // Plain pg, as the production server's intake would.
    const c = await pool.connect();
    try {
      await c.query("BEGIN");
      await publishConfigChange(c, "secret:customs-token");
      await c.query("ROLLBACK");
    } finally {
      c.release();
    }
    // The same writes, committed: heard, each once, in commit order.
    await updateSettings({ upiTimeoutMs: 17_000 }, "test");
    await writeSecret(SECRET_NAMES.webhookSecret, "whsec_committed");
    await poll(
      async () => heard,
      (h) => h.length >= 2,
      5000,
    );
    await new Promise((r) => setTimeout(r, 100));
    expect(heard).toEqual(["settings", "secret:webhook-secret"]);
  });

  it("a committed write announces its topic once, after the commit", async () => {
    const listening = bus();
    const heard: string[] = [];
    listening.subscribe("secret:customs-token", (topic) => topic !== null && heard.push(topic));
    await listening.start();
    await writeSecret(SECRET_NAMES.customsToken, "ct_announced_token");
    await poll(
      async () => heard,
      (h) => h.length > 0,
      5000,
    );
    expect(heard).toEqual(["secret:customs-token"]);
  });
});

describe("the listening connection", () => {
  it("calls every subscriber after each (re)connection and hears changes again after one", async () => {
    const listening = bus({ backoffMs: [20, 100] });
    const calls: string[] = [];
    listening.subscribe("settings", (topic) => calls.push(`settings:${topic}`));
    const off = listening.subscribe("*", (topic) => calls.push(`*:${topic}`));
    await listening.start();
    expect(calls.sort()).toEqual(["*:null", "settings:null"]);
    const first = listening.pid;

    calls.length = 0;
    await pool.query("SELECT pg_terminate_backend($1)", [first]);
    const back = await poll(
      async () => listening.connected && listening.pid,
      (pid) => !!pid && pid !== first,
      5000,
    );
    expect(back.value).not.toBe(first);
    expect(calls.sort()).toEqual(["*:null", "settings:null"]);

    off();
    calls.length = 0;
    await publishConfigChange(pool, "settings");
    await poll(
      async () => calls,
      (c) => c.length > 0,
      5000,
    );
    expect(calls).toEqual(["settings:settings"]);
  });

  it("is not connected while the database cannot be reached, and connects once it can", async () => {
    const relay = await freezableRelay(config);
    const listening = bus({ backoffMs: [20, 50] }, { ...config, host: "127.0.0.1", port: relay.port });
    relay.refuse = true;
    void listening.start();
    await new Promise((r) => setTimeout(r, 200));
    expect(listening.connected).toBe(false);
    relay.refuse = false;
    const up = await poll(async () => listening.connected, Boolean, 5000);
    expect(up.value).toBe(true);
    await relay.close();
  });

  it("a connection that stops answering is not trusted within two heartbeats, then replaced", async () => {
    const relay = await freezableRelay(config);
    const listening = bus(
      { heartbeatMs: 100, deadAfterMs: 2000, backoffMs: [20, 50] },
      { ...config, host: "127.0.0.1", port: relay.port },
    );
    let reconnections = 0;
    listening.subscribe("*", (topic) => topic === null && reconnections++);
    await listening.start();
    const first = listening.pid;
    expect(listening.connected).toBe(true);

    relay.freeze(); // the socket stays open; nothing goes through (a dropped NAT entry, a dead host)
    // Two heartbeats on: trust is read from the clock, so a look made late only finds it older.
    await new Promise((r) => setTimeout(r, 200));
    expect(listening.connected && listening.pid === first).toBe(false);

    const back = await poll(
      async () => listening.connected && listening.pid,
      (pid) => !!pid && pid !== first,
    );
    expect(back.value).not.toBe(first);
    expect(reconnections).toBe(2);
    await relay.close();
  });

  // Issue 48, item 15: one probe lost on a busy start logged "a pooler in transaction mode?" as an error.
  it("a first probe lost on a busy start is tried again, and nothing is reported", async () => {
    const relay = await freezableRelay(config);
    relay.deaf = true;
    try {
      const errors: string[] = [];
      const listening = bus(
        { probeTimeoutMs: 1000, onError: (e) => errors.push(e.message) },
        { ...config, host: "127.0.0.1", port: relay.port },
      );
      const started = listening.start();
      // Deaf until the first probe (a second) has been lost, whatever the machine's load.
      await poll(
        async () => listening.pid,
        (pid) => pid !== null,
        10_000,
      );
      setTimeout(() => (relay.deaf = false), 1200);
      await started;
      expect(listening.connected).toBe(true);
      expect(errors).toEqual([]);
      await listening.close();
    } finally {
      await relay.close();
    }
  });

  it("never reports itself connected where notifications do not reach it (a pooler in transaction mode)", async () => {
    // The relay hands on every message but the server's notifications, as a transaction-mode
    // pooler does: the connection listens, yet hears nothing.
    const relay = await freezableRelay(config);
    relay.deaf = true;
    try {
      const errors: string[] = [];
      const listening = bus(
        { probeTimeoutMs: 300, onError: (e) => errors.push(e.message) },
        { ...config, host: "127.0.0.1", port: relay.port },
      );
      let reconnections = 0;
      listening.subscribe("*", (topic) => topic === null && reconnections++);
      await listening.start();
      expect(listening.pid).not.toBeNull(); // connected and listening…
      expect(listening.connected).toBe(false); // …but not trusted: caches refresh every second
      expect(reconnections).toBe(1);
      expect(errors).toEqual([expect.stringMatching(/notifications do not reach the listening connection/)]);
      await listening.close();
    } finally {
      await relay.close();
    }
  });
});

describe("watchConfig", () => {
  function fakeBus(connected: boolean) {
    const subscribers = new Map<string, (topic: string | null) => void>();
    const fake = {
      connected,
      pid: null,
      start: vi.fn(async () => {}),
      close: async () => {},
      subscribe: (topic: string, fn: (topic: string | null) => void) => {
        subscribers.set(topic, fn);
        return () => void subscribers.delete(topic);
      },
    };
    return { fake, hear: (topic: string) => subscribers.get(topic)?.(topic), subscribers };
  }

  it("without the bus, forgets at a check whenever it last forgot a second ago or more", () => {
    let now = 1_000_000;
    vi.spyOn(Date, "now").mockImplementation(() => now);
    const { fake } = fakeBus(false);
    const forget = vi.fn();
    const check = watchConfig(() => fake, ["settings"], forget);
    check();
    expect(forget).toHaveBeenCalledTimes(1); // the first check: nothing older than the subscription is kept
    now += 999;
    check();
    expect(forget).toHaveBeenCalledTimes(1);
    now += 1;
    check();
    expect(forget).toHaveBeenCalledTimes(2);
    now += 400;
    check();
    expect(forget).toHaveBeenCalledTimes(2);
  });

  it("with the bus, forgets only when a topic is heard, and subscribes again to a new bus", () => {
    let now = 1_000_000;
    vi.spyOn(Date, "now").mockImplementation(() => now);
    const one = fakeBus(true);
    let current: ConfigBus = one.fake;
    const forget = vi.fn();
    const check = watchConfig(() => current, ["settings", "secret:private-key"], forget);
    check();
    expect(one.fake.start).toHaveBeenCalled();
    expect([...one.subscribers.keys()]).toEqual(["settings", "secret:private-key"]);
    forget.mockClear();
    now += 60_000;
    check();
    expect(forget).not.toHaveBeenCalled();
    one.hear("secret:private-key");
    expect(forget).toHaveBeenCalledTimes(1);

    const two = fakeBus(true);
    current = two.fake;
    check();
    expect(forget).toHaveBeenCalledTimes(2);
    expect([...two.subscribers.keys()]).toEqual(["settings", "secret:private-key"]);
  });
});
