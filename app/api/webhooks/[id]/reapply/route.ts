import { route } from "@/lib/platform/api/route";
import { reapplyNotification } from "@/lib/webhooks/actions";
import { notificationIdSchema } from "@/lib/webhooks/query";
import { notificationAnswerSchema } from "@/lib/webhooks/answers";

export const POST = route(
  {
    response: notificationAnswerSchema,
    doc: {
      tag: "System",
      summary: "Apply a notification again",
      description:
        "apply again (monotonic: at worst nothing changes); audited; answers the notification as `GET` does. 409 `signature_rejected`, `outside_replay_window`",
      errors: ["conflict"],
    },
    permission: "webhooks.manage",
    params: notificationIdSchema,
    action: "webhook.reapply",
  },
  async ({ params, actor }) => ({
    notification: await reapplyNotification(params.id, actor),
  }),
);
