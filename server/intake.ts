import type http from "node:http";
import pg from "pg";
import { BODY_LIMITS, formatBytes } from "@/lib/platform/http/body";
import { config, secretsKeyring } from "@/lib/platform/config";
import { pgConfigFromUrl } from "@/lib/platform/db-url";
import { allowWebhook } from "@/lib/webhooks/rate-limit";
import { createReceiver } from "@/lib/webhooks/receive";
import { CONFIG_TOPICS, watchConfig } from "@/lib/platform/events/config-bus";
import { createConfigBus } from "@/lib/platform/events/config-bus-connection";
import { errorBody, readBody, reply } from "./http";
import { log } from "@/lib/platform/log";

// POST /api/webhooks/upi, the only implementation of it, in `npm run dev` and production
// alike: parse, verify, store (INSERT … ON CONFLICT), answer. Next's request pipeline tops
// out near 350–500 requests/s on a 2-core machine, below what a burst of notifications needs,
// so the intake runs in front of it, in the server's own small module graph. It shares no
// memory with the application: applying what it stored is the job workers' work
// (lib/webhooks/apply-queue.ts), told by the INSERT's own NOTIFY.

export const WEBHOOK_PATH = "/api/webhooks/upi";

/**
 * Whether Next.js would route this URL to the webhook path: the path as the URL parser
 * resolves it (dot segments, `%2e` included) with its escapes decoded, so `/api/webhooks/%75pi`
 * is the webhook too and goes through the same capped intake. Doubled slashes and
 * backslashes are left to Next.js, which redirects them.
 */
export function isWebhookPath(url: string | undefined): boolean {
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

const CODES: Record<number, string> = {
  400: "bad_request",
  413: "payload_too_large",
  429: "rate_limited",
  503: "upstream_unavailable",
};

export function createIntake() {
  const { databaseUrl: url, webhookPoolSize } = config();
  if (!url) throw new Error("DATABASE_URL is not set");
  const pool = new pg.Pool({ ...pgConfigFromUrl(url), max: webhookPoolSize });
  pool.on("error", (e) => log.error(`[webhooks] pool: ${e.message}`));
  const receiver = createReceiver(pool, secretsKeyring, 1000);
  // Its own configuration bus (this module graph shares nothing with the application's): a
  // webhook secret rotated or a customs token set on any instance is used from the next
  // notification on (within a second when the bus cannot listen, e.g. on the embedded database).
  const bus = createConfigBus(pgConfigFromUrl(url));
  void bus.start();
  const fresh = watchConfig(() => bus, [CONFIG_TOPICS.webhookSecret, CONFIG_TOPICS.customsToken], receiver.forgetKeys);

  async function handle(req: http.IncomingMessage, res: http.ServerResponse, ip: string | null) {
    if (!allowWebhook(ip ?? "unknown"))
      return reply(res, 429, errorBody("rate_limited", "Too many notifications from this address; retry later."));
    const body = await readBody(req, BODY_LIMITS.webhook);
    if (body === null) {
      res.setHeader("Connection", "close");
      return reply(
        res,
        413,
        errorBody("payload_too_large", `The notification is larger than ${formatBytes(BODY_LIMITS.webhook)}.`, {
          limit: BODY_LIMITS.webhook,
        }),
      );
    }
    fresh();
    const result = await receiver.receive({ contentType: String(req.headers["content-type"] ?? ""), body, ip });
    if (result.status !== 200) return reply(res, result.status, errorBody(CODES[result.status]!, result.message));
    reply(res, 200, { ok: true, id: result.id, duplicate: result.duplicate });
  }

  return {
    handle,
    async close() {
      await bus.close();
      await pool.end();
    },
  };
}
