import { parentPort } from "node:worker_threads";

// A second console instance for tests (test/instance.ts): its own globalThis, module graph,
// caches, pool and configuration bus. Answers { id, op, args } with { id, value | error }.
// Libraries that set globals of their own (Prisma's runtime, zod) load first: what appears
// after the snapshot comes from the console's modules.
await import("zod");
await import("@/lib/generated/prisma/client");
const before = new Set(Object.keys(globalThis));
const { getSettings } = await import("@/lib/platform/settings/service");
const { tokenManager } = await import("@/lib/upi");
const { receive } = await import("@/lib/webhooks/ingest");
const { configBus, stopConfigBus } = await import("@/lib/platform/events");
const { pool } = await import("@/lib/platform/db");

const heard: (string | null)[] = [];
const ops: Record<string, (...args: never[]) => unknown> = {
  settings: () => getSettings(),
  receive: (body: string) => receive({ contentType: "application/json", body, ip: "127.0.0.1" }),
  token: () => tokenManager.get(),
  /** The token held in memory, if any (what a call would send without asking PostgreSQL). */
  heldToken: () => (tokenManager as unknown as { cached: { token: string } | null }).cached?.token ?? null,
  bus: () => ({ connected: configBus().connected, pid: configBus().pid }),
  listen: () => void configBus().subscribe("*", (topic) => heard.push(topic)),
  heard: () => heard,
  /** What this instance's modules put on globalThis. */
  globals: () => Object.keys(globalThis).filter((k) => !before.has(k)),
  close: async () => {
    await stopConfigBus();
    await pool.end();
  },
};

parentPort!.on("message", async ({ id, op, args }: { id: number; op: string; args: never[] }) => {
  try {
    parentPort!.postMessage({ id, value: await ops[op]!(...args) });
  } catch (error) {
    parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
parentPort!.postMessage({ ready: true });
