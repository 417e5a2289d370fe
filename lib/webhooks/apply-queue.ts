import "server-only";
import pg from "pg";
import { pool } from "@/lib/platform/db";
import { pgConfigFromUrl } from "@/lib/platform/db-url";
import { config } from "@/lib/platform/config";
import { MAX_APPLY_ATTEMPTS, applyBatch } from "./apply-stored";
import { processNotification } from "./ingest";
import { STORED_CHANNEL } from "./receive";
import { log } from "@/lib/platform/log";

// Applying stored notifications is the job workers' work, in every console instance: the
// intake (server/intake.ts) stores and answers; its INSERT tells the workers (NOTIFY) and they
// apply at once. The notifications table is the queue: a worker claims rows with
// FOR UPDATE SKIP LOCKED and a time limit, so two instances never apply one notification at
// the same time, and a worker that dies lets its rows go when the claim runs out. (A second
// queue table — pg-boss's — would double the intake's writes.)

/** Longer than an inquiry may take (a notification confirmed by inquiry waits on the service). */
const CLAIM_SECONDS = 120;
/** Claimed, and applied in one transaction, at a time. */
const BATCH = 100;
/** Batches applied at once (while one waits on the database, another works). */
const BATCHES = 4;
/** Notifications confirmed by inquiry at once (each waits on the payment service). */
const PARALLEL = 8;
/** Without a signal (a lost NOTIFY, a listener reconnecting) the queue is looked at this often. */
const POLL_MS = 1000;

type Claim = "new" | "retry";
export type Claimed = { id: string; transactionId: string | null };

/**
 * Claims up to `limit` notifications for this worker. `new`: stored and not applied yet.
 * `retry` (the minute sweep): unconfirmed ones (an inquiry that failed) and any left pending
 * a while, up to MAX_APPLY_ATTEMPTS attempts.
 */
export async function claimNotifications(kind: Claim, limit = BATCH): Promise<Claimed[]> {
  const { text, values } = claimStatement(kind, limit);
  const { rows } = await pool.query<{ id: string; transaction_id: string | null }>(text, values);
  return rows
    .map((r) => ({ id: r.id, transactionId: r.transaction_id }))
    .sort((a, b) => Number(BigInt(a.id) - BigInt(b.id)));
}

/**
 * The claim, in id order from the partial index of what is still to apply
 * (webhook_notifications_to_apply_idx): its states are written out, not bound, so the planner
 * can prove that index whatever the plan. Without it the claim walked the primary key past
 * every applied notification (1.25 s a batch over three million, issue 36).
 */
export function claimStatement(kind: Claim, limit: number): { text: string; values: unknown[] } {
  const filter =
    kind === "new"
      ? "apply_state = 'pending'"
      : "apply_state IN ('pending', 'unconfirmed') AND received_at < now() - interval '10 seconds' AND apply_attempts < $3";
  return {
    text: `UPDATE webhook_notifications SET apply_claimed_until = now() + make_interval(secs => $2)
      WHERE id IN (
        SELECT id FROM webhook_notifications
         WHERE ${filter} AND (apply_claimed_until IS NULL OR apply_claimed_until < now())
         ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED)
      RETURNING id, transaction_id`,
    values: kind === "new" ? [limit, CLAIM_SECONDS] : [limit, CLAIM_SECONDS, MAX_APPLY_ATTEMPTS],
  };
}

/**
 * Applies claimed notifications and lets each go when done: those whose signed values apply
 * as they are in a few batches at once, one transaction each (lib/webhooks/apply-stored.ts
 * applyBatch), the notifications of one transaction always in the same batch; the rest — an
 * inquiry first, or a batch that failed — one at a time, a few at once.
 */
export async function applyClaimed(claimed: Claimed[]): Promise<void> {
  if (!claimed.length) return;
  const groups = new Map<number, string[]>();
  for (const c of claimed) {
    const g = hash(c.transactionId ?? c.id) % BATCHES;
    groups.set(g, [...(groups.get(g) ?? []), c.id]);
  }
  const batches = await Promise.all([...groups.values()].map((ids) => applyBatch(pool, ids)));
  for (const b of batches)
    if (b.error) log.warn(`[webhooks] a batch of ${b.retry.length} failed (${b.error}); applying them one at a time`);
  const one = batches.flatMap((b) => [...b.later, ...b.retry]);
  let next = 0;
  const work = async () => {
    while (next < one.length) {
      const id = one[next++]!;
      try {
        const state = await processNotification(id);
        // A final state needs no release (only pending and unconfirmed rows are claimed); an
        // unconfirmed one is let go for the sweep's next try.
        if (state === "pending" || state === "unconfirmed")
          await pool.query("UPDATE webhook_notifications SET apply_claimed_until = NULL WHERE id = $1", [id]);
      } catch (error) {
        // Kept claimed: tried again once the claim runs out, not in a tight loop.
        log.error(`[webhooks] ${id} not applied yet: ${error instanceof Error ? error.message : error}`);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, one.length) }, work));
}

function hash(text: string): number {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (h * 31 + text.charCodeAt(i)) >>> 0;
  return h;
}

/** The minute sweep's part: what failed or was left over, claimed like the rest. */
export async function sweepNotifications(): Promise<number> {
  const claimed = await claimNotifications("retry", 500);
  await applyClaimed(claimed);
  return claimed.length;
}

/**
 * The apply loop of this process: woken by the intake's NOTIFY, polling once a second
 * without one. `stop()` finishes the notifications in hand and closes the listener.
 */
export function startApplyQueue(databaseUrl = config().databaseUrl, { pollMs = POLL_MS } = {}) {
  if (!databaseUrl) throw new Error("DATABASE_URL is not set");
  let stopped = false;
  let wake: (() => void) | null = null;
  let listener: pg.Client | null = null;

  const listen = async () => {
    if (stopped) return;
    const client = new pg.Client(pgConfigFromUrl(databaseUrl));
    client.on("notification", () => wake?.());
    client.on("error", () => undefined);
    client.on("end", () => {
      listener = null;
      // The poll covers the gap; listen again shortly.
      if (!stopped) setTimeout(() => void listen(), POLL_MS).unref();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${STORED_CHANNEL}`);
      listener = client;
    } catch {
      await client.end().catch(() => undefined);
    }
  };

  const loop = async () => {
    while (!stopped) {
      const claimed = await claimNotifications("new").catch((error) => {
        log.error(`[webhooks] apply queue: ${error instanceof Error ? error.message : error}`);
        return [] as Claimed[];
      });
      if (claimed.length) {
        await applyClaimed(claimed);
        continue;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
    }
  };

  void listen();
  const running = loop();
  return {
    async stop() {
      stopped = true;
      wake?.();
      await running;
      await listener?.end().catch(() => undefined);
    },
  };
}
