import { route } from "@/lib/platform/api/route";
import { json } from "@/lib/platform/api/responses";
import { createdOnce } from "@/lib/platform/api/idempotency";
import { listSubscriptions, subscribe, subscriptionSchema } from "@/lib/reports/subscriptions";
import { subscriptionAnswerSchema, subscriptionListSchema } from "@/lib/reports/answers";

export const GET = route(
  {
    response: subscriptionListSchema,
    doc: {
      tag: "Account",
      summary: "List your scheduled reports",
      description:
        "your scheduled reports and your role's (a manager: every role's): `{ subscriptions: [{ id, report, frequency, role, userId, savedView, createdAt }] }`",
    },
    permission: "signed-in",
  },
  async ({ actor }) => json({ subscriptions: await listSubscriptions(actor) }),
);

export const POST = route(
  {
    response: subscriptionAnswerSchema,
    doc: {
      tag: "Account",
      summary: "Subscribe to a scheduled report",
      description:
        '`{ report: "dailySummary" | "refundsByReason" | "chargebacksAtRisk" | "declarationsByStatus" | "transactionsView", frequency: "daily" | "weekly" | "monthly", savedViewId?, role? }` → 201 `{ subscription }`: e-mailed at 08:00 in each recipient\'s zone every day, on Mondays or on the 1st, as a link (never the file). A report you (or the `role`) may not read is 422 `report_not_permitted`; `role` needs `notifications.manage` (403 `role_subscription`); `transactionsView` names one of your saved transaction views (422 `choose_view`); the same subscription again is 409 `already_subscribed`',
      idempotencyKey: "optional",
      status: 201,
      errors: ["conflict"],
    },
    permission: "signed-in",
    body: subscriptionSchema,
    action: "report.subscribe",
  },
  async ({ req, body, actor }) =>
    createdOnce(req, { userId: actor.user.id, action: "report.subscribe", params: body }, async () => ({
      subscription: await subscribe(actor, body),
    })),
);
