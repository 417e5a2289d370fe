import { ApiError } from "@/lib/platform/api/errors";
import { route } from "@/lib/platform/api/route";
import { noStore } from "@/lib/platform/api/responses";
import { metricsAccess } from "@/lib/platform/metrics/access";
import { METRICS_CONTENT_TYPE, renderMetrics } from "@/lib/platform/metrics/render";
import { tokenManager } from "@/lib/upi";

// Prometheus scrape target: absent unless METRICS_TOKEN is set, then behind that bearer token.
export const GET = route({ permission: "public", probe: true }, async ({ req }) => {
  const access = metricsAccess(req.headers.get("authorization"));
  if (access === "disabled") throw new ApiError("not_found", "Not found.");
  if (access === "denied") throw new ApiError("unauthorized", "A valid metrics token is required.");
  return noStore(await renderMetrics({ tokenRenewals: tokenManager.renewals }), {
    headers: { "Content-Type": METRICS_CONTENT_TYPE },
  });
});
