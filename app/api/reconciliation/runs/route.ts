import { route } from "@/lib/platform/api/route";
import { listRuns, runView } from "@/lib/reconciliation/query";
import { runNow } from "@/lib/reconciliation/queue";

// The last runs with their figures; POST starts one now (409 `reconciliation_running` while one is unfinished).
export const GET = route({ permission: "reconciliation.read" }, async () => ({ runs: await listRuns(10) }));

export const POST = route({ permission: "reconciliation.manage", action: "reconciliation.run" }, async ({ actor }) => ({
  run: runView(await runNow("manual", actor)),
}));
