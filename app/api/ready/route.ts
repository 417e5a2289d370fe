import { route } from "@/lib/platform/api/route";
import { json } from "@/lib/platform/api/responses";
import { checkReadiness } from "@/lib/platform/health/ready";

// Readiness for load balancers (GET /api/health is liveness): 200 when this instance can
// serve, 503 naming the checks that failed.
export const GET = route({ permission: "public", probe: true }, async () => {
  const { ok, failed, checks } = await checkReadiness();
  return json(ok ? { ok, checks } : { ok, failed, checks }, ok ? 200 : 503);
});
