import { route } from "@/lib/api/route";
import { ApiError } from "@/lib/api/errors";
import { clientInfo } from "@/lib/audit/log";
import { BODY_LIMITS, readCapped } from "@/lib/http/body";
import { processNotification, receive } from "@/lib/webhooks/ingest";
import { allowWebhook } from "@/lib/webhooks/rate-limit";

// The URL the console sets as urls.ipn. Public (no session, no Origin check): the signature
// is the credential. Stored before the answer; applied right after it. The production server
// answers every spelling of this path on its own capped intake (scripts/serve.ts); this
// handler serves `next dev` and CONSOLE_API_LANE=off, with the same 64 KB cap (413).
export const POST = route({ permission: "public" }, async ({ req }) => {
  const { ip } = clientInfo(req.headers);
  if (!allowWebhook(ip ?? "unknown")) throw new ApiError("rate_limited", "Too many notifications from this address; retry later.");
  const body = await readCapped(req.body, BODY_LIMITS.webhook, req.headers.get("content-length"));
  const result = await receive({ contentType: req.headers.get("content-type") ?? "", body, ip });
  if (result.status !== 200) {
    const code = result.status === 503 ? "upstream_unavailable" : result.status === 429 ? "rate_limited" : result.status === 413 ? "payload_too_large" : "bad_request";
    throw new ApiError(code, result.message);
  }
  if (!result.duplicate && result.verification !== "rejected") {
    // Not after(): applying must not depend on Next's request scope. The console is a
    // long-running server; a crash before this finishes is what the minute sweep is for.
    void processNotification(result.id).catch((e) => console.error(`Webhook ${result.id} not applied yet: ${e instanceof Error ? e.message : e}`));
  }
  return { ok: true, id: result.id, duplicate: result.duplicate };
});
