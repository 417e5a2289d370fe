// Runs once when a console server starts: refuse to run in production without the keys
// that protect sessions and stored credentials, then start the background workers.
export async function register() {
  if (process.env.CONSOLE_ENV === "production") {
    const missing = ["SECRETS_KEY", "NEXTAUTH_SECRET", "DATABASE_URL"].filter((k) => !process.env[k]);
    if (missing.length) throw new Error(`CONSOLE_ENV=production and ${missing.join(", ")} not set: refusing to start.`);
  }
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  if (!process.env.DATABASE_URL) return;
  // Stopping with the server (server/main.ts): workers at the signal, pools once drained.
  const { installLifecycle, whenDrained } = await import("./lib/jobs/lifecycle");
  const { closeDb } = await import("./lib/db");
  installLifecycle();
  const { stopConfigBus } = await import("./lib/events");
  whenDrained(stopConfigBus);
  whenDrained(closeDb);
  if (process.env.CONSOLE_WORKERS === "off") return;
  const { startWorkers } = await import("./lib/jobs/worker");
  // A failure here must not take the console down: the sweep retries once the database answers.
  const { markWorkers } = await import("./lib/jobs/state");
  const { log } = await import("./lib/log");
  await startWorkers().catch((error) => {
    markWorkers("failed");
    log.error(`[jobs] workers did not start: ${error instanceof Error ? error.message : String(error)}`);
  });
}
