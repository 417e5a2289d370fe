import "server-only";
import { getBoss, QUEUES } from "@/lib/platform/jobs/boss";
import { reconcileOperation, sweepOperations, remindUnknownOperations, scheduleReconcile } from "@/lib/operations";
import { watchHealth, startApplyQueue, sweepNotifications, enforceWebhookRetention } from "@/lib/webhooks";
import { db } from "@/lib/platform/db";
import { pruneIdempotentRequests } from "@/lib/platform/idempotency/once";
import { processDeclaration, sweepDeclarations } from "@/lib/declarations";
import { foldDailyTotals } from "@/lib/overview";
import { foldRollup, foldReportBuckets } from "@/lib/ledger";
import { runSteps, type Step } from "@/lib/platform/jobs/steps";
import { sendBatch, queueBatch, sweepRefundBatches } from "@/lib/refund-batches";
import { dailyRun, queueRun, sweepReconciliation, runSlice, secondsToNext } from "@/lib/reconciliation";
import { followProviders } from "./follow";
import { remindDeadlines } from "@/lib/chargebacks";
import { shutdownGraceMs } from "@/lib/platform/jobs/shutdown";
import { whenStopping } from "@/lib/platform/jobs/lifecycle";
import { markWorkers } from "@/lib/platform/jobs/state";
import { mailConfigured } from "@/lib/platform/mail/transport";
import { startMailer, gatherDigests } from "@/lib/notifications";
import { scheduleReports, sendReports } from "@/lib/reports";

const SWEEP_STEPS: Step[] = [
  ["operations", sweepOperations],
  ["refund batches", sweepRefundBatches],
  ["reconciliation", sweepReconciliation],
  ["notifications", sweepNotifications],
  ["declarations", sweepDeclarations],
  ["home totals", foldDailyTotals],
  ["list totals", foldRollup],
  ["report totals", foldReportBuckets],
  ["chargeback deadlines", remindDeadlines],
  ["unknown operations", remindUnknownOperations],
  ["health", watchHealth],
  ["digests", gatherDigests],
  ["scheduled reports", scheduleReports],
];

/** Runs in every instance: pg-boss hands each job to one of them, and one claims each notification. */
export async function startWorkers() {
  const boss = await getBoss();
  const applyQueue = startApplyQueue();
  whenStopping(async () => markWorkers("stopped"));
  whenStopping(() => applyQueue.stop());
  if (mailConfigured()) {
    const mailer = startMailer({ also: [() => sendReports()] });
    whenStopping(() => mailer.stop());
  }
  whenStopping(() => boss.stop({ graceful: true, wait: true, close: true, timeout: shutdownGraceMs() }));
  await boss.work<{ operationId: string }>(QUEUES.reconcile, { pollingIntervalSeconds: 1 }, async ([job]) => {
    if (!job) return;
    const result = await reconcileOperation(job.data.operationId);
    if (result === "unknown" || result === "in_flight") {
      const op = await db.operation.findUnique({ where: { id: job.data.operationId }, select: { checks: true } });
      await scheduleReconcile(job.data.operationId, Math.max(op?.checks ?? 1, 1));
    }
  });
  await boss.work<{ declarationId: string }>(QUEUES.declare, { pollingIntervalSeconds: 1 }, async ([job]) => {
    if (job) await processDeclaration(job.data.declarationId);
  });
  await boss.work<{ batchId: string }>(QUEUES.refundBatch, { pollingIntervalSeconds: 1 }, async ([job]) => {
    if (!job) return;
    const result = await sendBatch(job.data.batchId);
    if (result !== "done") await queueBatch(job.data.batchId, result === "wait" ? 30 : 0);
  });
  await boss.work<{ runId: string }>(QUEUES.reconciliation, { pollingIntervalSeconds: 1 }, async ([job]) => {
    if (!job) return;
    const result = await runSlice(job.data.runId);
    if (result !== "done") await queueRun(job.data.runId, result === "wait" ? 60 : await secondsToNext(job.data.runId));
  });
  await boss.work(QUEUES.reconciliationDaily, async () => {
    await dailyRun();
  });
  await boss.schedule(QUEUES.reconciliationDaily, "40 2 * * *"); // once a day, at a quiet hour (UTC)
  await boss.work(QUEUES.sweep, () => runSteps(SWEEP_STEPS));
  await boss.schedule(QUEUES.sweep, "* * * * *");
  await boss.work(QUEUES.follow, async () => {
    await followProviders();
  });
  await boss.schedule(QUEUES.follow, "* * * * *");
  await boss.work(QUEUES.retention, async () => {
    await enforceWebhookRetention();
    await pruneIdempotentRequests();
  });
  await boss.schedule(QUEUES.retention, "17 3 * * *"); // once a day, at a quiet hour (UTC)
  markWorkers("running");
}
