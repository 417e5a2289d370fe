// The console's server, in `npm run dev` and production alike: Next.js answers every page
// and every app/api route through its own pipeline; the webhook intake (server/intake.ts)
// answers POST /api/webhooks/upi in front of it. Compiled once by `npm start` / `npm run dev`
// (scripts/build-server.mjs) and run as plain JavaScript.
// usage: node dist/server.mjs [-p PORT] [--dev]
import "./check-config"; // first: a bad environment stops the start before anything else loads
import http from "node:http";
import next from "next";
import { config } from "@/lib/platform/config";
import { createIntake, isWebhookPath } from "./intake";
import { errorBody, markClientIp, reply } from "./http";
import { recorderFromConfig } from "./record-responses";
import { DRAINED_EVENT, shutdownGraceMs } from "@/lib/platform/jobs/shutdown";
import { log } from "@/lib/platform/log";
import { checkWebhookSecretAtStart } from "./check-webhook-secret";

const settings = config();
const args = process.argv.slice(2);
const flag = args.indexOf("-p");
const port = Number(flag >= 0 ? args[flag + 1] : settings.port);
const dev = args.includes("--dev");

const proxies = settings.trustedProxies;
const record = recorderFromConfig(settings);

const app = next({ dev, dir: process.cwd(), port, hostname: "localhost" });
const handle = app.getRequestHandler();
const intake = settings.databaseUrl ? createIntake() : null;

/** A request that threw outside Next: logged, a 500 if nothing was sent yet, else the half answer cut. */
function failed(res: http.ServerResponse, e: unknown) {
  // A client that leaves mid-answer is not an error of ours.
  if ((e as { code?: string }).code === "ERR_STREAM_PREMATURE_CLOSE") return;
  log.error(`[webhooks] ${e instanceof Error ? e.stack : e}`);
  if (!res.headersSent)
    reply(res, 500, errorBody("internal_server_error", "Something went wrong on our side. It has been logged."));
  else if (!res.writableEnded) res.destroy();
}

let stopping = false;
await app.prepare();
if (settings.databaseUrl) await checkWebhookSecretAtStart(settings.databaseUrl, settings.production);
const server = http.createServer((req, res) => {
  // While stopping, keep-alive connections are told to close after this answer.
  if (stopping) res.setHeader("Connection", "close");
  record?.(req, res);
  const ip = markClientIp(req, proxies);
  if (intake && req.method === "POST" && isWebhookPath(req.url)) {
    intake.handle(req, res, ip).catch((e) => failed(res, e));
    return;
  }
  void handle(req, res);
});
// Next's own upgrade handling (the dev server's hot reload socket).
const upgrade = app.getUpgradeHandler();
server.on("upgrade", (req, socket, head) => void upgrade(req, socket, head));
// A port that cannot be had ends the process: Next's own uncaughtException handler would log
// the error and keep an instance alive that serves nothing, which no supervisor notices. Only
// the listen: a later server error (out of file handles) must not cut off requests in flight.
const cannotListen = (e: NodeJS.ErrnoException) => {
  log.error(
    e.code === "EADDRINUSE"
      ? `Port ${port} is already in use (EADDRINUSE): another process listens there. Stop it, or start on another port (PORT or -p).`
      : `Cannot listen on port ${port}: ${e.message}`,
  );
  process.exit(1);
};
server.once("error", cannotListen);
server.listen(port, () => {
  server.off("error", cannotListen);
  log.info(`Merchant Console ready on http://localhost:${port}${dev ? " (development)" : ""}`);
});

/**
 * SIGTERM (or SIGINT): stop accepting connections, let the requests in flight — a refund
 * being sent included — finish within the grace period, then tell the application
 * (DRAINED_EVENT: its workers and pools close, lib/platform/jobs/lifecycle.ts) and leave once
 * nothing is left running. The application stops taking new jobs at the signal itself.
 */
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  const grace = shutdownGraceMs();
  log.info(`${signal}: stopping (grace ${grace / 1000} s)`);
  const force = setTimeout(() => {
    log.error("Grace period over with work still running: exiting.");
    process.exit(1);
  }, grace);
  force.unref();
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  await closed;
  await intake?.close().catch(() => undefined);
  await app.close().catch(() => undefined);
  (process as NodeJS.EventEmitter).emit(DRAINED_EVENT);
  // Whatever the application still has open (a job finishing) ends the process when done.
}
for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, () => void shutdown(signal));
