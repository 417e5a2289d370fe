import { route } from "@/lib/api/route";
import { clientInfo } from "@/lib/audit/log";
import { reapplyNotification } from "@/lib/webhooks/actions";
import { notificationIdSchema } from "@/lib/webhooks/query";

export const POST = route({ permission: "webhooks.manage", params: notificationIdSchema, action: "webhook.reapply" }, async ({ params, user, req }) => ({
  notification: await reapplyNotification(params.id, user, clientInfo(req.headers)),
}));
