// Runs once when a console server starts: read and validate the configuration (lib/platform/config/
// refuses a bad value, and production without the keys that protect sessions and stored
// credentials; server/main.ts has refused them before Next loads), then start the background
// workers. NEXT_RUNTIME and NEXT_PHASE are Next's own.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { config } = await import("./lib/platform/config");
  const { databaseUrl, workers } = config();
  if (!databaseUrl) return;
  // Stopping with the server (server/main.ts): workers at the signal, pools once drained.
  const { installLifecycle, whenDrained } = await import("./lib/platform/jobs/lifecycle");
  const { closeDb } = await import("./lib/platform/db");
  installLifecycle();
  const { stopConfigBus } = await import("./lib/platform/events");
  whenDrained(stopConfigBus);
  whenDrained(closeDb);
  // The payment client tells through the notifications, which stand above it (lib/upi/token-manager.ts).
  const { tellRenewalFailuresTo } = await import("./lib/upi/token-manager");
  const { tellRenewalFailed } = await import("./lib/notifications/credentials");
  tellRenewalFailuresTo(tellRenewalFailed);
  if (!workers) return;
  const { startWorkers } = await import("./lib/jobs/worker");
  // A failure here must not take the console down: pg-boss's start is tried a few times
  // (lib/platform/jobs/boss.ts), and past them /api/ready answers workers "failed" until a restart.
  const { markWorkers } = await import("./lib/platform/jobs/state");
  const { log } = await import("./lib/platform/log");
  await startWorkers().catch((error) => {
    markWorkers("failed");
    log.error(`[jobs] workers did not start: ${error instanceof Error ? error.message : String(error)}`);
  });
}
