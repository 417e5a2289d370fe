import { Worker } from "node:worker_threads";
import { fileURLToPath } from "node:url";

/**
 * Another console instance on the same database, in a worker thread: nothing in memory is
 * shared with the test's own modules (not even globalThis), as between two processes. Its
 * operations are listed in test/instance-worker.ts.
 */
export type Instance = { call<T = unknown>(op: string, ...args: unknown[]): Promise<T>; close(): Promise<void> };

export async function startInstance(): Promise<Instance> {
  const worker = new Worker(fileURLToPath(new URL("./instance-entry.mjs", import.meta.url)), {
    // Plain Node, as the console's own server (dist/server.mjs) runs, with "server-only" an empty
    // module as in Next's server: the test drives Next-side modules here. (Under the react-server
    // condition React has no createContext, which TanStack Query's module calls as it loads.)
    execArgv: ["--import", fileURLToPath(new URL("../scripts/lib/server-only-off.mjs", import.meta.url))],
    workerData: { file: fileURLToPath(new URL("./instance-worker.ts", import.meta.url)) },
  });
  const waiting = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  let next = 0;
  await new Promise<void>((resolve, reject) => {
    worker.once("error", reject);
    worker.on("message", (m: { ready?: true; id?: number; value?: unknown; error?: string }) => {
      if (m.ready) return resolve();
      const w = waiting.get(m.id!);
      waiting.delete(m.id!);
      if (m.error !== undefined) w?.reject(new Error(m.error));
      else w?.resolve(m.value);
    });
  });
  const call = <T>(op: string, ...args: unknown[]) =>
    new Promise<T>((resolve, reject) => {
      waiting.set(++next, { resolve: resolve as (v: unknown) => void, reject });
      worker.postMessage({ id: next, op, args });
    });
  return {
    call,
    async close() {
      await call("close").catch(() => {});
      await worker.terminate();
    },
  };
}

/**
 * Calls `read` until `done` holds or `ms` pass; answers the last value and when the read that
 * answered it began (a read slowed by a loaded machine does not count against what it reads).
 */
export async function poll<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  ms = 10_000,
): Promise<{ value: T; ms: number }> {
  const start = Date.now();
  for (;;) {
    const began = Date.now() - start;
    const value = await read();
    if (done(value) || Date.now() - start >= ms) return { value, ms: began };
    await new Promise((r) => setTimeout(r, 20));
  }
}
