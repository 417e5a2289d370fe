import { route } from "@/lib/platform/api/route";
import { resyncNotification } from "@/lib/webhooks/actions";
import { notificationIdSchema } from "@/lib/webhooks/query";

export const POST = route(
  { permission: "webhooks.manage", params: notificationIdSchema, action: "webhook.resync" },
  async ({ params, actor }) => resyncNotification(params.id, actor),
);
