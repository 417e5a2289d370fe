import { route } from "@/lib/platform/api/route";
import { subscriptionParams, unsubscribe } from "@/lib/reports/subscriptions";

// Ends one of the reader's scheduled reports, or (a manager) one of a role's.
export const DELETE = route(
  { permission: "signed-in", params: subscriptionParams, action: "report.unsubscribe" },
  async ({ params, actor }) => {
    await unsubscribe(actor, params.id);
    return { ok: true };
  },
);
