import { route } from "@/lib/platform/api/route";
import { listRuns, runView } from "@/lib/reconciliation/query";
import { runNow } from "@/lib/reconciliation/queue";
import { runListSchema } from "@/lib/reconciliation/answers";

// The last runs with their figures; POST starts one now (409 `reconciliation_running` while one is unfinished).
export const GET = route(
  {
    response: runListSchema,
    doc: {
      tag: "Reconciliation",
      summary: "List the last reconciliation runs",
      description:
        "`{ runs }`: the last 10 runs, newest first, with `trigger` (`schedule` or `manual`), `startedBy`, `startedAt`, `finishedAt` (null while running), `checked`, `calls`, `exceptions` (open differences found or seen again), `applied` and `notChecked` (ids of charges passed over after the payment service answered them with a server error three times; the next run asks again)",
    },
    permission: "reconciliation.read",
  },
  async () => ({ runs: await listRuns(10) }),
);

export const POST = route({ permission: "reconciliation.manage", action: "reconciliation.run" }, async ({ actor }) => ({
  run: runView(await runNow("manual", actor)),
}));
