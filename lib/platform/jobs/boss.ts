import "server-only";
import PgBoss from "pg-boss";
import { config } from "@/lib/platform/config";
import { pgConfigFromUrl } from "@/lib/platform/db-url";
import { log } from "@/lib/platform/log";

// Background work lives in PostgreSQL (pg-boss): any console instance may send a job and
// any may run it, so none is special, and a job survives a restart of the one that sent it.
export const QUEUES = {
  /** Settle one capture/refund/cancel whose outcome is unknown. Data: { operationId }. */
  reconcile: "operations-reconcile",
  /** Send the pending sub-orders of one customs declaration. Data: { declarationId }. */
  declare: "customs-declare",
  /** Every minute: operations still unknown, stuck in flight or not yet on their charge; notifications not yet applied. */
  sweep: "operations-sweep",
  /**
   * Every minute: what the provider changes without telling us reliably: open payment links
   * (until paid, failed or expired), customs sub-orders until a final status (with
   * back-off), confirm-charge outcomes that were unknown.
   */
  follow: "providers-follow",
  /** Send the rows of one refund batch at its rate, a minute at a time. Data: { batchId }. */
  refundBatch: "refund-batch-send",
  /** A reconciliation run, a minute at a time at its rate (lib/reconciliation). Data: { runId }. */
  reconciliation: "reconciliation-run",
  /** Daily: starts a reconciliation run unless one is running. */
  reconciliationDaily: "reconciliation-daily",
  /** Daily: the webhook inbox's retention rule (lib/webhooks/retention.ts). */
  retention: "webhooks-retention",
} as const;

const globalForJobs = globalThis as unknown as { boss?: Promise<PgBoss> };

/**
 * Creates the queue, or brings an existing one to these settings: pg-boss's createQueue leaves a
 * queue that exists as it was, so a changed expiry would never reach a database created before
 * it. The policy of a queue never changes (pg-boss indexes each policy its own way).
 */
async function ensureQueue(boss: PgBoss, name: string, options: Omit<PgBoss.Queue, "name">) {
  await boss.createQueue(name, { name, ...options });
  await boss.updateQueue(name, { name, ...options });
}

async function startBoss(): Promise<PgBoss> {
  const url = config().databaseUrl;
  if (!url) throw new Error("DATABASE_URL is not set");
  const boss = new PgBoss({ ...pgConfigFromUrl(url), max: 3, schema: "pgboss" });
  // pg-boss reports polling failures here; without a listener they would crash the process.
  boss.on("error", (error) => log.error(`[jobs] ${error.message}`));
  await boss.start();
  // "stately": at most one queued and one running job per operation.
  await ensureQueue(boss, QUEUES.reconcile, { policy: "stately", retryLimit: 3, retryDelay: 10, retryBackoff: true });
  // The minute sweep takes seconds. Held by an instance that died (kill -9, a lost machine), it
  // is given up after three minutes, not pg-boss's default fifteen: until then no sweep runs
  // anywhere (singleton), and unknown operations wait unreconciled.
  await ensureQueue(boss, QUEUES.sweep, { policy: "singleton", expireInSeconds: 180 });
  await ensureQueue(boss, QUEUES.retention, { policy: "singleton" });
  await ensureQueue(boss, QUEUES.follow, { policy: "singleton", expireInSeconds: 900 });
  // Declarations pass through to Customs (long time-outs): a job may run for minutes.
  await ensureQueue(boss, QUEUES.declare, { policy: "stately", retryLimit: 2, retryDelay: 30, expireInSeconds: 3600 });
  // A batch's job sends for under a minute and queues its sequel; one that outlives two minutes
  // died with its instance, and the sweep's job takes over (lib/refund-batches/queue.ts).
  await ensureQueue(boss, QUEUES.refundBatch, {
    policy: "stately",
    retryLimit: 5,
    retryDelay: 5,
    expireInSeconds: 120,
  });
  // As a batch's: a slice of under a minute queues its sequel; the sweep restarts a run whose instance died.
  await ensureQueue(boss, QUEUES.reconciliation, {
    policy: "stately",
    retryLimit: 5,
    retryDelay: 5,
    expireInSeconds: 120,
  });
  await ensureQueue(boss, QUEUES.reconciliationDaily, { policy: "singleton" });
  return boss;
}

/** The process's pg-boss, started on first use. */
export function getBoss(): Promise<PgBoss> {
  globalForJobs.boss ??= startBoss().catch((error) => {
    globalForJobs.boss = undefined;
    throw error;
  });
  return globalForJobs.boss;
}

export async function stopBoss() {
  const boss = globalForJobs.boss;
  globalForJobs.boss = undefined;
  if (boss) await (await boss).stop({ graceful: false, wait: true });
}
