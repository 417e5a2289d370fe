import { route } from "@/lib/platform/api/route";
import { json } from "@/lib/platform/api/responses";
import { preferencesOf } from "@/lib/platform/i18n/server";
import { listNotifications, unreadCount } from "@/lib/notifications/inbox";
import { inboxSchema } from "@/lib/notifications/answers";

export const GET = route(
  {
    response: inboxSchema,
    doc: {
      tag: "Account",
      summary: "Read your notifications",
      description:
        "your notification centre (issue 35): `{ notifications: [{ id, kind, subject, body, link, createdAt, read }], unread }`, your latest 50, worded in your language and time zone; only ever your own",
    },
    permission: "signed-in",
  },
  async ({ actor }) => {
    const [notifications, unread] = await Promise.all([
      listNotifications(actor.user.id, actor.user, await preferencesOf(actor.user)),
      unreadCount(actor.user.id, actor.user),
    ]);
    return json({ notifications, unread });
  },
);
