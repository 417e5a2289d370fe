import { route } from "@/lib/platform/api/route";
import { json } from "@/lib/platform/api/responses";
import { getPreferences } from "@/lib/platform/i18n/server";
import { listNotifications, unreadCount } from "@/lib/notifications/inbox";

// The reader's own notification centre (issue 35): anyone signed in, their own rows only.
export const GET = route({ permission: "signed-in" }, async ({ actor }) => {
  const [notifications, unread] = await Promise.all([
    listNotifications(actor.user.id, actor.user, await getPreferences()),
    unreadCount(actor.user.id, actor.user),
  ]);
  return json({ notifications, unread });
});
