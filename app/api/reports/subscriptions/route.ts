import { route } from "@/lib/platform/api/route";
import { json } from "@/lib/platform/api/responses";
import { createdOnce } from "@/lib/platform/api/idempotency";
import { listSubscriptions, subscribe, subscriptionSchema } from "@/lib/reports/subscriptions";

// The reader's scheduled reports and their role's (a manager: every role's); subscribing to
// one the reader (or, for a manager, the role) may read.

export const GET = route({ permission: "signed-in" }, async ({ actor }) =>
  json({ subscriptions: await listSubscriptions(actor) }),
);

export const POST = route(
  { permission: "signed-in", body: subscriptionSchema, action: "report.subscribe" },
  async ({ req, body, actor }) =>
    createdOnce(req, { userId: actor.user.id, action: "report.subscribe", params: body }, async () => ({
      subscription: await subscribe(actor, body),
    })),
);
