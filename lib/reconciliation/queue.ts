import "server-only";
import { db } from "@/lib/platform/db";
import { getBoss, QUEUES } from "@/lib/platform/jobs/boss";
import { DomainError } from "@/lib/platform/errors";
import { log } from "@/lib/platform/log";
import type { Actor } from "@/lib/platform/auth/actor";
import { startRun } from "./run";

// A run's checking is a job (lib/jobs/worker.ts), one at a time per run and taken by any instance.

export async function queueRun(runId: string, startAfter = 0) {
  try {
    const boss = await getBoss();
    await boss.send(QUEUES.reconciliation, { runId }, { singletonKey: runId, startAfter });
  } catch (error) {
    log.warn(`Could not queue reconciliation ${runId}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** "Run now" and the daily schedule: a run stored, then its job queued. */
export async function runNow(trigger: "schedule" | "manual", actor: Actor | null = null) {
  const run = await startRun(trigger, actor);
  await queueRun(run.id);
  return run;
}

/** The daily job: a run, unless one is still going (then that one goes on). */
export async function dailyRun() {
  try {
    await runNow("schedule");
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
  }
}

/** The unfinished run gets its job back (a killed instance's job is otherwise lost until it expires). */
export async function sweepReconciliation() {
  const run = await db.reconciliationRun.findFirst({ where: { finishedAt: null }, select: { id: true } });
  if (run) await queueRun(run.id);
}
