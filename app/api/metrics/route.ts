import { ApiError } from "@/lib/platform/api/errors";
import { route } from "@/lib/platform/api/route";
import { noStore } from "@/lib/platform/api/responses";
import { metricsAccess } from "@/lib/platform/metrics/access";
import { METRICS_CONTENT_TYPE, renderMetrics } from "@/lib/platform/metrics/render";
import { tokenManager } from "@/lib/upi";

// Prometheus scrape target: absent unless METRICS_TOKEN is set, then behind that bearer token.
export const GET = route(
  {
    doc: {
      tag: "System",
      summary: "Prometheus metrics",
      description:
        "Prometheus text: `console_http_request_duration_seconds{method,route,status}` (route pattern, never an id), `console_upstream_request_duration_seconds{service,operation,outcome}`, `console_upi_token_renewals_total`, `console_operations{status=unknown|pending_approval}`, `console_job_queue_depth{queue,state}`, `console_webhook_notifications_waiting{state}`, `console_webhook_notifications_received_5m{verification}` (every instance's intake, read from the table), `console_webhook_apply_lag_seconds`, `console_metrics_database_up`, process metrics",
      produces: "text/plain",
      access: "`Authorization: Bearer $METRICS_TOKEN` (404 when unset, 401 otherwise)",
    },
    permission: "public",
    probe: true,
  },
  async ({ req }) => {
    const access = metricsAccess(req.headers.get("authorization"));
    if (access === "disabled") throw new ApiError("not_found", "Not found.");
    if (access === "denied") throw new ApiError("unauthorized", "A valid metrics token is required.");
    return noStore(await renderMetrics({ tokenRenewals: tokenManager.renewals }), {
      headers: { "Content-Type": METRICS_CONTENT_TYPE },
    });
  },
);
