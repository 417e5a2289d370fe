import "server-only";
import { getUpi } from "@/lib/upi";
import { setTimeout as sleep } from "node:timers/promises";
import { db } from "@/lib/platform/db";
import { Conflict } from "@/lib/platform/errors";
import { log } from "@/lib/platform/log";
import { audit } from "@/lib/platform/audit/log";
import type { Actor } from "@/lib/platform/auth/actor";
import { getSettings } from "@/lib/platform/settings/service";
import { type NotificationEvent, notify } from "@/lib/notifications";
import type { ReconciliationRun } from "@/lib/generated/prisma/client";
import { checkCharge } from "./check";
import { derivedRate, dueAt, secondsUntilDue } from "./pace";
import { answeredWithError, failedAt } from "./pass-over";

// One unfinished run at a time, held by a partial unique index (reconciliation_runs_one_running).

const DAY = 86_400_000;
const FINAL = ["succeeded", "canceled", "failed"];

const isUnique = (e: unknown) => (e as { code?: string })?.code === "P2002";

/** Starts a run; refused (`reconciliation_running`) while another has not finished. */
export async function startRun(trigger: "schedule" | "manual", actor: Actor | null = null): Promise<ReconciliationRun> {
  const { reconciliationDays } = await getSettings();
  const since = new Date(Date.now() - reconciliationDays * DAY);
  const scope = await scopeCount(since);
  try {
    return await db.$transaction(async (tx) => {
      const overtaken =
        trigger === "manual"
          ? await tx.reconciliationRun.updateMany({
              where: { finishedAt: null, trigger: "schedule" },
              data: { finishedAt: new Date() },
            })
          : { count: 0 };
      const run = await tx.reconciliationRun.create({
        data: {
          trigger,
          since,
          scope,
          ratePerSecond: derivedRate(trigger, scope),
          startedById: actor?.user.id ?? null,
          startedByEmail: actor?.user.email ?? null,
        },
      });
      if (actor)
        await audit(
          {
            actor,
            action: "reconciliation.run",
            result: "ok",
            targetType: "reconciliation_run",
            targetId: run.id,
            ...(overtaken.count ? { reason: "took over the daily run" } : {}),
          },
          tx,
        );
      return run;
    });
  } catch (error) {
    if (isUnique(error)) throw new Conflict("A reconciliation run is in progress already.", "reconciliation_running");
    throw error;
  }
}

async function scopeCount(since: Date): Promise<number> {
  const [row] = await db.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM ledger_transactions t
     WHERE t.type = 'charge'
       AND (t.time_created >= ${since} OR t.updated_at >= ${since}
            OR t.status <> ALL(${FINAL}::text[])
            OR EXISTS (SELECT 1 FROM chargebacks b WHERE b.charge_id = t.id AND b.last_change_at >= ${since}))`;
  return row?.n ?? 0;
}

async function nextCharge(run: Pick<ReconciliationRun, "cursor" | "since">): Promise<string | null> {
  const [row] = await db.$queryRaw<{ id: string }[]>`
    SELECT t.id FROM ledger_transactions t
     WHERE t.type = 'charge' AND t.id > ${run.cursor ?? ""}
       AND (t.time_created >= ${run.since} OR t.updated_at >= ${run.since}
            OR t.status <> ALL(${FINAL}::text[])
            OR EXISTS (SELECT 1 FROM chargebacks b WHERE b.charge_id = t.id AND b.last_change_at >= ${run.since}))
     ORDER BY t.id LIMIT 1`;
  return row?.id ?? null;
}

async function finish(runId: string) {
  await db.$transaction(async (tx) => {
    const done = await tx.reconciliationRun.updateMany({
      where: { id: runId, finishedAt: null },
      data: { finishedAt: new Date() },
    });
    if (!done.count) return;
    const open = await tx.reconciliationException.count({ where: { lastRunId: runId, resolvedAt: null } });
    if (open) await notify(tx, reconciliationFound(runId, open));
  });
}

/** Checks charges at the run's pace for up to `budgetMs`. */
export async function runSlice(runId: string, budgetMs = 50_000, rate?: number): Promise<"done" | "more" | "wait"> {
  const ceiling = rate ?? (await getSettings()).reconciliationRatePerSecond;
  const gap = 1000 / ceiling;
  const until = Date.now() + budgetMs;
  while (Date.now() < until) {
    const run = await db.reconciliationRun.findUnique({ where: { id: runId } });
    if (!run || run.finishedAt) return "done";
    const id = await nextCharge(run);
    if (!id) {
      await finish(runId);
      return "done";
    }
    const due = dueAt(run, ceiling) - Date.now();
    if (due > until - Date.now()) return "more";
    if (due > 0) await sleep(due);
    const started = Date.now();
    try {
      await checkCharge(runId, run.cursor, id);
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      if (!answeredWithError(error) || !(await answersOthers(run.cursor)) || !(await failedAt(runId, run.cursor, id))) {
        log.warn(`Reconciliation ${runId} stopped at ${id}: ${why}`);
        return "wait";
      }
      log.warn(`Reconciliation ${runId} passed over ${id}, not checked (provider error): ${why}`);
    }
    await sleep(Math.max(0, gap - (Date.now() - started)));
  }
  return "more";
}

async function answersOthers(checked: string | null): Promise<boolean> {
  if (!checked) return true;
  try {
    await (await getUpi()).getTransaction(checked);
    return true;
  } catch {
    return false;
  }
}

/** Whole seconds until the run's next charge is due (0 at the ceiling or when late). */
export async function secondsToNext(runId: string): Promise<number> {
  const { reconciliationRatePerSecond } = await getSettings();
  const run = await db.reconciliationRun.findUnique({ where: { id: runId } });
  return run ? secondsUntilDue(run, reconciliationRatePerSecond) : 0;
}

/** A run ended with differences left for a person: whoever may settle them (finance, managers). */
export const reconciliationFound = (runId: string, open: number): NotificationEvent => ({
  kind: "reconciliationExceptions",
  params: { open },
  link: "/reconciliation",
  to: { permission: "reconciliation.manage" },
  onceKey: `reconciliation:${runId}`,
});
