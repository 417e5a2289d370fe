import { route } from "@/lib/platform/api/route";
import { reapplyNotification } from "@/lib/webhooks/actions";
import { notificationIdSchema } from "@/lib/webhooks/query";

export const POST = route(
  { permission: "webhooks.manage", params: notificationIdSchema, action: "webhook.reapply" },
  async ({ params, actor }) => ({
    notification: await reapplyNotification(params.id, actor),
  }),
);
