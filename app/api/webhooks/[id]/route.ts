import { route } from "@/lib/platform/api/route";
import { ApiError } from "@/lib/platform/api/errors";
import { getNotification, notificationIdSchema } from "@/lib/webhooks/query";

export const GET = route({ permission: "webhooks.read", params: notificationIdSchema }, async ({ params }) => {
  const notification = await getNotification(params.id);
  if (!notification) throw new ApiError("not_found", "No notification with this id.");
  return { notification };
});
