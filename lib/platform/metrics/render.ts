import "server-only";
import { log } from "@/lib/platform/log";
import { readDatabaseGauges } from "./db-gauges";
import { metrics } from "./registry";

export const METRICS_CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

/** This process's metrics in the Prometheus text format. */
export async function renderMetrics(read: { tokenRenewals: number }): Promise<string> {
  const m = metrics();
  try {
    const g = await readDatabaseGauges();
    m.operations.set({ status: "unknown" }, g.operations.unknown);
    m.operations.set({ status: "pending_approval" }, g.operations.pending_approval);
    m.jobQueue.reset();
    for (const j of g.jobs) m.jobQueue.set({ queue: j.queue, state: j.state }, j.count);
    m.webhooksWaiting.set({ state: "pending" }, g.webhooks.pending);
    m.webhooksWaiting.set({ state: "unconfirmed" }, g.webhooks.unconfirmed);
    m.webhookApplyLag.set(g.webhooks.oldestPendingSeconds);
    for (const v of g.verdicts) m.webhookVerdicts.set({ verification: v.verification }, v.count);
    m.databaseUp.set(1);
  } catch (error) {
    for (const gauge of [m.operations, m.jobQueue, m.webhooksWaiting, m.webhookVerdicts, m.webhookApplyLag])
      gauge.reset();
    m.databaseUp.set(0);
    log.warn({ err: error }, "metrics: database gauges not read");
  }
  m.tokenRenewals.reset();
  m.tokenRenewals.inc(read.tokenRenewals);
  return m.registry.metrics();
}
