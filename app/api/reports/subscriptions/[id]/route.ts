import { route } from "@/lib/platform/api/route";
import { subscriptionParams, unsubscribe } from "@/lib/reports/subscriptions";
import { unsubscribedSchema } from "@/lib/reports/answers";

export const DELETE = route(
  {
    response: unsubscribedSchema,
    doc: {
      tag: "Account",
      summary: "End a scheduled report",
      description: "ends one of your scheduled reports, or (a manager) a role's; anything else is 404",
    },
    permission: "signed-in",
    params: subscriptionParams,
    action: "report.unsubscribe",
  },
  async ({ params, actor }) => {
    await unsubscribe(actor, params.id);
    return { ok: true };
  },
);
