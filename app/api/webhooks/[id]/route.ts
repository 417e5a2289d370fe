import { route } from "@/lib/platform/api/route";
import { ApiError } from "@/lib/platform/api/errors";
import { getNotification, notificationIdSchema } from "@/lib/webhooks/query";
import { notificationAnswerSchema } from "@/lib/webhooks/answers";

export const GET = route(
  {
    response: notificationAnswerSchema,
    doc: {
      tag: "System",
      summary: "Get a webhook notification",
      description: "`{ notification }`: one notification, as the inbox shows it",
    },
    permission: "webhooks.read",
    params: notificationIdSchema,
  },
  async ({ params }) => {
    const notification = await getNotification(params.id);
    if (!notification) throw new ApiError("not_found", "No notification with this id.");
    return { notification };
  },
);
