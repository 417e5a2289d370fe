import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

// One registry on globalThis: Next compiles lib/ into several bundles, and a scrape must see the whole process.
function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    httpDuration: new Histogram({
      name: "console_http_request_duration_seconds",
      help: "API requests answered by route(), by method, route pattern and status.",
      labelNames: ["method", "route", "status"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    upstreamDuration: new Histogram({
      name: "console_upstream_request_duration_seconds",
      help: "Calls to the payment (upi) and customs services, by operation and outcome (ok, failed, unknown, timeout).",
      labelNames: ["service", "operation", "outcome"] as const,
      buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
      registers: [registry],
    }),
    tokenRenewals: new Counter({
      name: "console_upi_token_renewals_total",
      help: "Access tokens this process issued with the private key (first issue and renewals).",
      registers: [registry],
    }),
    databaseUp: new Gauge({
      name: "console_metrics_database_up",
      help: "1 when the database gauges below were read at this scrape, 0 when the database did not answer in time.",
      registers: [registry],
    }),
    operations: new Gauge({
      name: "console_operations",
      help: "Captures, refunds and cancels waiting on something: outcome unknown, or waiting for approval.",
      labelNames: ["status"] as const,
      registers: [registry],
    }),
    jobQueue: new Gauge({
      name: "console_job_queue_depth",
      help: "Background jobs (pg-boss) per queue and state (created, retry, active).",
      labelNames: ["queue", "state"] as const,
      registers: [registry],
    }),
    webhooksWaiting: new Gauge({
      name: "console_webhook_notifications_waiting",
      help: "Stored notifications not yet applied to the ledger: pending, or unconfirmed (waiting for an inquiry).",
      labelNames: ["state"] as const,
      registers: [registry],
    }),
    webhookVerdicts: new Gauge({
      name: "console_webhook_notifications_received_5m",
      help: "Notifications received by every instance in the last five minutes, per signature verdict (verified, verified_previous, verified_legacy, rejected, unverifiable).",
      labelNames: ["verification"] as const,
      registers: [registry],
    }),
    webhookApplyLag: new Gauge({
      name: "console_webhook_apply_lag_seconds",
      help: "Age of the oldest pending notification (0 when none is pending).",
      registers: [registry],
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

const KEY = Symbol.for("merchant-console.metrics");
const holder = globalThis as unknown as { [KEY]?: Metrics };

/** The process's metrics, created on first use. */
export const metrics = (): Metrics => (holder[KEY] ??= createMetrics());

export type UpstreamOutcome = "ok" | "failed" | "unknown" | "timeout";

/** Times one upstream call; `outcomeOf` names the outcome of a failure. */
export async function timeUpstream<T>(
  service: "upi" | "customs",
  operation: string,
  outcomeOf: (error: unknown) => UpstreamOutcome,
  call: () => Promise<T>,
): Promise<T> {
  const started = performance.now();
  let outcome: UpstreamOutcome = "ok";
  try {
    return await call();
  } catch (error) {
    outcome = outcomeOf(error);
    throw error;
  } finally {
    metrics().upstreamDuration.observe({ service, operation, outcome }, (performance.now() - started) / 1000);
  }
}
