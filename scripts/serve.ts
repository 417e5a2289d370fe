// The console's production server. Next.js renders the pages; the JSON API goes through
// lean node:http paths in front of Next's request pipeline:
// - POST /api/webhooks/upi: Next alone tops out near 500 requests/s on a 2-core machine (an
//   empty route handler), below what a burst of notifications needs; this path stores and
//   acknowledges ~1,000+/s (docs/benchmarks.md). app/api/webhooks/upi stays for `next dev`.
// - every other app/api route handler except next-auth's: the API lane (scripts/lib/api-lane.ts)
//   calls the same handler without Next's per-request machinery, which on its own costs
//   more than a typical handler. CONSOLE_API_LANE=off sends them all to Next.js instead.
// usage: tsx scripts/serve.ts [-p PORT]   (npm start runs it; PORT also read from the env)
import http from "node:http";
import { register } from "node:module";
import next from "next";
import pg from "pg";
import { pgConfigFromUrl } from "../lib/db-url";
import { keyringOrThrow } from "../lib/secrets/crypto";
import { applyStored } from "../lib/webhooks/apply";
import { createReceiver } from "../lib/webhooks/receive";
import { BODY_LIMITS, formatBytes } from "../lib/http/body";
import { allowWebhook } from "../lib/webhooks/rate-limit";
import { CLIENT_IP_HEADER, clientIpFrom, isTrusted, trustedProxies } from "../lib/http/client-ip";
import { recorderFromEnv } from "./lib/record-responses";

// Route handlers import "server-only"; outside Next's bundler that marker must resolve to
// its empty module (scripts/lib/server-only-hook.mjs).
register("./lib/server-only-hook.mjs", import.meta.url);

const flag = process.argv.indexOf("-p");
const port = Number(flag >= 0 ? process.argv[flag + 1] : (process.env.PORT ?? 3000));

// A malformed TRUSTED_PROXIES stops the start: silently trusting nothing (or everything) is worse.
const proxies = trustedProxies();

const app = next({ dev: false, dir: process.cwd(), port, hostname: "localhost" });
const handle = app.getRequestHandler();

const databaseUrl = process.env.DATABASE_URL;
const pool = databaseUrl ? new pg.Pool({ ...pgConfigFromUrl(databaseUrl), max: Number(process.env.WEBHOOK_POOL_SIZE ?? 8) }) : null;
pool?.on("error", (e) => console.error(`[webhooks] pool: ${e.message}`));
const receiver = pool ? createReceiver(pool, () => keyringOrThrow(process.env)) : null;

function reply(res: http.ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(text), "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" });
  res.end(text);
}
const error = (code: string, message: string) => ({ error: { code, message } });

/**
 * The body, counted while it arrives: null once past the limit (or declared past it), and
 * nothing more is kept. The rest is left to node:http, which discards it after the answer
 * (destroying the socket here would cut the 413 before the sender reads it).
 */
function readBody(req: http.IncomingMessage, limit: number): Promise<string | null> {
  const declared = req.headers["content-length"];
  if (declared && /^\d+$/.test(declared) && Number(declared) > limit) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.off("data", onData);
        chunks.length = 0;
        resolve(null);
      } else chunks.push(chunk);
    };
    req.on("data", onData);
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

const WEBHOOK_PATH = "/api/webhooks/upi";

/**
 * Whether Next.js would route this URL to the webhook handler: the path as the URL parser
 * resolves it (dot segments, `%2e` included) with its escapes decoded, so `/api/webhooks/%75pi`
 * is the webhook too and goes through the same capped intake. Doubled slashes and
 * backslashes are left to Next.js, which redirects them.
 */
function isWebhookPath(url: string | undefined): boolean {
  if (!url) return false;
  const query = url.indexOf("?");
  const raw = query < 0 ? url : url.slice(0, query);
  if (raw === WEBHOOK_PATH) return true;
  if (!raw.startsWith("/") || raw.includes("//") || raw.includes("\\")) return false;
  try {
    return decodeURIComponent(new URL(raw, "http://localhost").pathname) === WEBHOOK_PATH;
  } catch {
    return false;
  }
}

// What a proxy says about the original request; from any other peer it is a forgery.
const FORWARDED_HEADERS = ["forwarded", "x-forwarded-for", "x-forwarded-host", "x-forwarded-proto", "x-forwarded-port"];

/**
 * Decides the client's address once (TRUSTED_PROXIES, lib/http/client-ip.ts) and hands it on
 * in a header of our own, replacing any copy the client sent. Forwarded headers from a peer
 * that is not a trusted proxy are dropped (the Origin check reads X-Forwarded-Host/-Proto).
 */
function markClientIp(req: http.IncomingMessage): string | null {
  const forwarded = req.headers["x-forwarded-for"];
  const ip = clientIpFrom(req.socket.remoteAddress, Array.isArray(forwarded) ? forwarded.join(",") : forwarded, proxies);
  const drop = new Set([CLIENT_IP_HEADER, ...(isTrusted(req.socket.remoteAddress ?? "", proxies) ? [] : FORWARDED_HEADERS)]);
  const raw = req.rawHeaders;
  for (let i = raw.length - 2; i >= 0; i -= 2) if (drop.has(raw[i]!.toLowerCase())) raw.splice(i, 2);
  for (const name of drop) delete req.headers[name];
  if (ip) {
    req.headers[CLIENT_IP_HEADER] = ip;
    raw.push(CLIENT_IP_HEADER, ip);
  }
  return ip;
}

async function webhook(req: http.IncomingMessage, res: http.ServerResponse, ip: string | null) {
  if (!allowWebhook(ip ?? "unknown")) return reply(res, 429, error("rate_limited", "Too many notifications from this address; retry later."));
  const body = await readBody(req, BODY_LIMITS.webhook);
  if (body === null) {
    res.setHeader("Connection", "close");
    return reply(res, 413, { error: { code: "payload_too_large", message: `The notification is larger than ${formatBytes(BODY_LIMITS.webhook)}.`, details: { limit: BODY_LIMITS.webhook } } });
  }
  const result = await receiver!.receive({ contentType: String(req.headers["content-type"] ?? ""), body, ip });
  if (result.status !== 200) {
    const code = { 400: "bad_request", 413: "payload_too_large", 429: "rate_limited", 503: "upstream_unavailable" }[result.status];
    return reply(res, result.status, error(code, result.message));
  }
  reply(res, 200, { ok: true, id: result.id, duplicate: result.duplicate });
  // Verified ones with every essential signed are applied at once; other verified ones (to
  // confirm by inquiry, or to tie to their charge) right after the answer too, by the
  // console's own code (lib/webhooks/ingest.ts). Unverifiable ones, which anyone can send,
  // wait for the workers' minute sweep (bounded inquiries), which also retries what fails.
  if (result.duplicate || !result.verification.startsWith("verified")) return;
  const applied = result.direct ? applyStored(pool!, result.id) : confirmLater(result.id);
  applied.catch((e) => console.error(`[webhooks] ${result.id} not applied yet: ${e instanceof Error ? e.message : e}`));
}

/** Loaded on first use, once Next.js has set up the environment its modules expect. */
let ingest: Promise<typeof import("../lib/webhooks/ingest")> | null = null;
function confirmLater(id: string) {
  ingest ??= import("../lib/webhooks/ingest");
  return ingest.then((m) => m.processNotification(id));
}

const record = (() => {
  try {
    return recorderFromEnv(process.env);
  } catch (e) {
    console.error(`Could not start: ${e instanceof Error ? e.message : e}`);
    process.exit(2);
  }
})();

/** A fast path that threw: logged, a 500 if nothing was sent yet, else the half answer cut. */
function failed(tag: string, res: http.ServerResponse, e: unknown) {
  // A client that leaves mid-answer is not an error of ours.
  if ((e as { code?: string }).code === "ERR_STREAM_PREMATURE_CLOSE") return;
  console.error(`[${tag}] ${e instanceof Error ? e.stack : e}`);
  if (!res.headersSent) reply(res, 500, error("internal_server_error", "Something went wrong on our side. It has been logged."));
  else if (!res.writableEnded) res.destroy();
}

await app.prepare();
// Loaded once Next.js has set up the server environment its modules expect.
const lane = process.env.CONSOLE_API_LANE === "off" ? null : (await import("./lib/api-lane")).createApiLane({ appDir: "app", publicUrl: process.env.NEXTAUTH_URL });
await lane?.warm();
http
  .createServer((req, res) => {
    record?.(req, res);
    const ip = markClientIp(req);
    if (receiver && req.method === "POST" && isWebhookPath(req.url)) {
      webhook(req, res, ip).catch((e) => failed("webhooks", res, e));
      return;
    }
    if (lane && req.url?.startsWith("/api/")) {
      lane.serve(req, res).then(
        (served) => {
          if (!served) void handle(req, res);
        },
        (e) => failed("api", res, e),
      );
      return;
    }
    handle(req, res);
  })
  .listen(port, () => console.log(`Merchant Console ready on http://localhost:${port}`));

for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, () => process.exit(0));
