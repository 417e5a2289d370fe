import "server-only";
import PgBoss from "pg-boss";
import { config } from "@/lib/platform/config";
import { pgConfigFromUrl } from "@/lib/platform/db-url";
import { log } from "@/lib/platform/log";

// Background work lives in PostgreSQL (pg-boss).
export const QUEUES = {
  /** Settle one capture/refund/cancel whose outcome is unknown. Data: { operationId }. */
  reconcile: "operations-reconcile",
  /** Send the pending sub-orders of one customs declaration. Data: { declarationId }. */
  declare: "customs-declare",
  /** Every minute: operations still unknown, stuck in flight or not yet on their charge; notifications not yet applied. */
  sweep: "operations-sweep",
  /** Every minute: open payment links, customs sub-orders until final (with back-off), unknown confirm outcomes, charges heard only from a notification. */
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

async function ensureQueue(boss: PgBoss, name: string, options: Omit<PgBoss.Queue, "name">) {
  await boss.createQueue(name, { name, ...options });
  await boss.updateQueue(name, { name, ...options });
}

/**
 * A started pg-boss with the console's queues. Instances starting together on a new database race
 * to create pg-boss's schema and PostgreSQL answers all but one "deadlock detected": each tries
 * again (a few times, a moment apart) rather than run without workers until restarted.
 */
export async function startBoss(url = config().databaseUrl, attempts = 5): Promise<PgBoss> {
  if (!url) throw new Error("DATABASE_URL is not set");
  for (let attempt = 1; ; attempt++) {
    const boss = new PgBoss({ ...pgConfigFromUrl(url), max: 3, schema: "pgboss" });
    // pg-boss reports polling failures here; without a listener they would crash the process.
    boss.on("error", (error) => log.error(`[jobs] ${error.message}`));
    try {
      await boss.start();
      await ensureQueues(boss);
      return boss;
    } catch (error) {
      await boss.stop({ graceful: false, wait: true }).catch(() => undefined);
      if (attempt >= attempts) throw error;
      log.warn(`[jobs] pg-boss did not start (${error instanceof Error ? error.message : error}); trying again`);
      await new Promise((r) => setTimeout(r, 250 * attempt + Math.random() * 250));
    }
  }
}

async function ensureQueues(boss: PgBoss) {
  await ensureQueue(boss, QUEUES.reconcile, { policy: "stately", retryLimit: 3, retryDelay: 10, retryBackoff: true });
  // The sweep held by a dead instance is given up after three minutes, not fifteen: nothing sweeps meanwhile.
  await ensureQueue(boss, QUEUES.sweep, { policy: "singleton", expireInSeconds: 180 });
  await ensureQueue(boss, QUEUES.retention, { policy: "singleton" });
  await ensureQueue(boss, QUEUES.follow, { policy: "singleton", expireInSeconds: 900 });
  await ensureQueue(boss, QUEUES.declare, { policy: "stately", retryLimit: 2, retryDelay: 30, expireInSeconds: 3600 });
  await ensureQueue(boss, QUEUES.refundBatch, {
    policy: "stately",
    retryLimit: 5,
    retryDelay: 5,
    expireInSeconds: 120,
  });
  await ensureQueue(boss, QUEUES.reconciliation, {
    policy: "stately",
    retryLimit: 5,
    retryDelay: 5,
    expireInSeconds: 120,
  });
  await ensureQueue(boss, QUEUES.reconciliationDaily, { policy: "singleton" });
}

/** The process's pg-boss, started on first use. */
export function getBoss(): Promise<PgBoss> {
  globalForJobs.boss ??= startBoss().catch((error: unknown) => {
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
