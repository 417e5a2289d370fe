import "server-only";
import pg from "pg";
import { pool } from "@/lib/platform/db";
import { pgConfigFromUrl } from "@/lib/platform/db-url";
import { config } from "@/lib/platform/config";
import { MAX_APPLY_ATTEMPTS, applyBatch } from "./apply-stored";
import { processNotification } from "./ingest";
import { STORED_CHANNEL } from "./receive";
import { log } from "@/lib/platform/log";

const CLAIM_SECONDS = 120;
const BATCH = 100;
const BATCHES = 4;
const PARALLEL = 8;
const POLL_MS = 1000;

type Claim = "new" | "retry";
export type Claimed = { id: string; transactionId: string | null };

/** Claims up to `limit` notifications for this worker. */
export async function claimNotifications(kind: Claim, limit = BATCH): Promise<Claimed[]> {
  const { text, values } = claimStatement(kind, limit);
  const { rows } = await pool.query<{ id: string; transaction_id: string | null }>(text, values);
  return rows
    .map((r) => ({ id: r.id, transactionId: r.transaction_id }))
    .sort((a, b) => Number(BigInt(a.id) - BigInt(b.id)));
}

/** States written out, not bound, so the planner proves the partial index of what is left to apply (ADR 0003). */
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

/** Applies claimed notifications and lets each go when done. */
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
        if (state === "pending" || state === "unconfirmed")
          await pool.query("UPDATE webhook_notifications SET apply_claimed_until = NULL WHERE id = $1", [id]);
      } catch (error) {
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

/** The apply loop of this process: woken by the intake's NOTIFY, polling once a second without one. */
export function startApplyQueue(databaseUrl = config().databaseUrl, { pollMs = POLL_MS } = {}) {
  if (!databaseUrl) throw new Error("DATABASE_URL is not set");
  let stopped = false;
  // Set by a NOTIFY or a stop: heard while a claim is out, it sends the loop to look again, not to sleep.
  let woken = false;
  let wake: (() => void) | null = null;
  let listener: pg.Client | null = null;
  const rouse = () => {
    woken = true;
    wake?.();
  };

  const listen = async () => {
    if (stopped) return;
    const client = new pg.Client(pgConfigFromUrl(databaseUrl));
    client.on("notification", rouse);
    client.on("error", () => undefined);
    client.on("end", () => {
      listener = null;
      if (!stopped) setTimeout(() => void listen(), POLL_MS).unref();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${STORED_CHANNEL}`);
      listener = client;
      if (stopped) await client.end();
    } catch {
      await client.end().catch(() => undefined);
    }
  };

  const sleep = () =>
    new Promise<void>((resolve) => {
      if (woken) return resolve();
      const timer = setTimeout(resolve, pollMs);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const failed = (error: unknown) => {
    log.error(`[webhooks] apply queue: ${error instanceof Error ? error.message : error}`);
    return null;
  };
  // A failure (the database lost mid-batch) is logged and the loop sleeps: its claims run out and are taken again.
  const loop = async () => {
    while (!stopped) {
      woken = false;
      const claimed = (await claimNotifications("new").catch(failed)) ?? [];
      if (claimed.length && (await applyClaimed(claimed).then(() => true, failed))) continue;
      await sleep();
      wake = null;
    }
  };

  void listen();
  const running = loop();
  return {
    async stop() {
      stopped = true;
      rouse();
      await running;
      await listener?.end().catch(() => undefined);
    },
  };
}
