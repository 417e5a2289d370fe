import { route } from "@/lib/platform/api/route";
import { resyncNotification } from "@/lib/webhooks/actions";
import { notificationIdSchema } from "@/lib/webhooks/query";
import { resyncAnswerSchema } from "@/lib/webhooks/answers";

export const POST = route(
  {
    response: resyncAnswerSchema,
    doc: {
      tag: "System",
      summary: "Re-sync a notification's transaction from inquiry",
      description:
        "inquire the transaction (the parent charge for refunds and chargebacks) and record it; audited; answers the notification and the `transactionId` inquired",
      errors: ["upstream_error"],
    },
    permission: "webhooks.manage",
    params: notificationIdSchema,
    action: "webhook.resync",
  },
  async ({ params, actor }) => resyncNotification(params.id, actor),
);
