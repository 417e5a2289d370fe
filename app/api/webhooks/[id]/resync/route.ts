import { route } from "@/lib/api/route";
import { clientInfo } from "@/lib/audit/log";
import { resyncNotification } from "@/lib/webhooks/actions";
import { notificationIdSchema } from "@/lib/webhooks/query";

export const POST = route({ permission: "webhooks.manage", params: notificationIdSchema, action: "webhook.resync" }, async ({ params, user, req }) =>
  resyncNotification(params.id, user, clientInfo(req.headers)),
);
