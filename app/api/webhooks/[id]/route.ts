import { route } from "@/lib/api/route";
import { ApiError } from "@/lib/api/errors";
import { getNotification, notificationIdSchema } from "@/lib/webhooks/query";

export const GET = route({ permission: "webhooks.read", params: notificationIdSchema }, async ({ params }) => {
  const notification = await getNotification(params.id);
  if (!notification) throw new ApiError("not_found", "No notification with this id.");
  return { notification };
});
