import { route } from "@/lib/platform/api/route";
import { listRuns, runView } from "@/lib/reconciliation/query";
import { runNow } from "@/lib/reconciliation/queue";
import { runAnswerSchema, runListSchema } from "@/lib/reconciliation/answers";

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

export const POST = route(
  {
    response: runAnswerSchema,
    doc: {
      tag: "Reconciliation",
      summary: "Start a reconciliation run now",
      description:
        "starts a run now (audited `reconciliation.run`): `{ run }`. One run at a time, held by the database: it takes over from a daily run still spreading its charges over the day (that run ends where it is), and is 409 `reconciliation_running` while another run started by hand is unfinished",
      errors: ["conflict"],
    },
    permission: "reconciliation.manage",
    action: "reconciliation.run",
  },
  async ({ actor }) => ({ run: runView(await runNow("manual", actor)) }),
);
