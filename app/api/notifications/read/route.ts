import { route } from "@/lib/platform/api/route";
import { json } from "@/lib/platform/api/responses";
import { markRead } from "@/lib/notifications/inbox";
import { markReadSchema } from "@/lib/notifications/schemas";
import { unreadSchema } from "@/lib/notifications/answers";

// Not audited: it changes what one person's bell shows.
export const POST = route(
  {
    response: unreadSchema,
    doc: {
      tag: "Account",
      summary: "Mark your notifications read",
      description:
        "`{ ids: [uuid, …] }` (1–100) or `{ all: true }` → `{ unread }`: marks your own notifications read (another person's ids change nothing)",
    },
    permission: "signed-in",
    body: markReadSchema,
    action: "notifications.read",
  },
  async ({ body, actor }) => json(await markRead(actor.user.id, actor.user, body)),
);
