import { expect, vi } from "vitest";
import pg from "pg";
import { pool } from "@/lib/platform/db";
import { STORED_CHANNEL } from "@/lib/webhooks/receive";
import { claimStatement } from "@/lib/webhooks/apply-queue";

// What the apply loop's tests (lib/webhooks/apply-queue.test.ts) use to put a NOTIFY, a stop or a
// failure at a chosen point of the loop: a claim's answer held back, a NOTIFY seen handed on.

/** Resolves once the queue's own connection LISTENs for what the intake stores. */
export async function listening() {
  await expect
    .poll(async () => {
      const { rows } = await pool.query(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query = $1 AND state = 'idle'",
        [`LISTEN ${STORED_CHANNEL}`],
      );
      return rows[0].n;
    })
    .toBe(1);
}
/** Resolves once a connection of this process has handed on the next NOTIFY of a stored notification (to the queue's wake). */
export function notified() {
  const emit = pg.Client.prototype.emit;
  return new Promise<void>((resolve) => {
    const spy = vi.spyOn(pg.Client.prototype, "emit").mockImplementation(function (this: pg.Client, event, ...args) {
      const handled = emit.call(this, event, ...args);
      if (event === "notification" && (args[0] as pg.Notification).channel === STORED_CHANNEL) {
        spy.mockRestore();
        resolve();
      }
      return handled;
    });
  });
}
/** While held, each claim's answer (not its statement) waits until released; `hold()` resolves once one waits. Restored after each test. */
export function heldClaims() {
  const query = pool.query.bind(pool) as (text: string, values?: unknown[]) => Promise<unknown>;
  const claim = claimStatement("new", 1).text; // the loop's claim: its limit is a parameter, not in the text
  let gate: Deferred | null = null;
  let waiting: Deferred | null = null;
  vi.spyOn(pool, "query").mockImplementation((async (text: string, values?: unknown[]) => {
    const answer = await query(text, values);
    if (gate && text === claim) {
      const held = gate;
      waiting?.resolve();
      await held.promise;
    }
    return answer;
  }) as never);
  return {
    hold() {
      gate = deferred();
      waiting = deferred();
      return waiting.promise;
    },
    release() {
      gate?.resolve();
      gate = null;
    },
  };
}
/** The next connection asked for outside `pool.query` (a batch's transaction) fails as a lost database's would. */
export function failNextConnect() {
  const connect = pool.connect.bind(pool) as (callback?: unknown) => unknown;
  const failed = deferred();
  const spy = vi.spyOn(pool, "connect").mockImplementation(((callback?: unknown) => {
    if (callback) return connect(callback);
    spy.mockRestore();
    failed.resolve();
    return Promise.reject(new Error("Connection terminated unexpectedly"));
  }) as never);
  return failed.promise;
}
type Deferred = { promise: Promise<void>; resolve: () => void };
function deferred(): Deferred {
  let resolve = () => {};
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}
