import { route } from "@/lib/platform/api/route";
import { json } from "@/lib/platform/api/responses";
import { checkReadiness } from "@/lib/platform/health/ready";
import { readinessSchema } from "@/lib/platform/health/answers";

// Readiness for load balancers (GET /api/health is liveness): 200 when this instance can
// serve, 503 naming the checks that failed.
export const GET = route(
  {
    response: readinessSchema,
    doc: {
      tag: "System",
      summary: "Readiness",
      description:
        "readiness: 200 `{ ok: true, checks: { database, migrations, workers } }` when the database answers within 2 s, every migration in `prisma/migrations` is applied and none failed, and this instance's job workers run (`disabled` with `CONSOLE_WORKERS=off`); otherwise 503 `{ ok: false, failed: [...], checks }` naming the failed checks only — also while the instance stops",
    },
    permission: "public",
    probe: true,
  },
  async () => {
    const { ok, failed, checks } = await checkReadiness();
    return json(ok ? { ok, checks } : { ok, failed, checks }, ok ? 200 : 503);
  },
);
