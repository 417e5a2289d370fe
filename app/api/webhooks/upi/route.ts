import { after } from "next/server";
import { route } from "@/lib/api/route";
import { ApiError } from "@/lib/api/errors";
import { clientInfo } from "@/lib/audit/log";
import { processNotification, receive } from "@/lib/webhooks/ingest";
import { allowWebhook } from "@/lib/webhooks/rate-limit";

// The URL the console sets as urls.ipn. Public (no session, no Origin check): the signature
// is the credential. Stored before the answer; applied right after it.
export const POST = route({ permission: "public" }, async ({ req }) => {
  const { ip } = clientInfo(req.headers);
  if (!allowWebhook(ip ?? "unknown")) throw new ApiError("rate_limited", "Too many notifications from this address; retry later.");
  const result = await receive({ contentType: req.headers.get("content-type") ?? "", body: await req.text(), ip });
  if (result.status !== 200) {
    return Response.json({ error: { code: result.status === 503 ? "upstream_unavailable" : "bad_request", message: result.message } }, { status: result.status });
  }
  if (!result.duplicate && result.verification !== "rejected") {
    after(() => processNotification(result.id).catch((e) => console.error(`Webhook ${result.id} not applied yet: ${e instanceof Error ? e.message : e}`)));
  }
  return { ok: true, id: result.id, duplicate: result.duplicate };
});
