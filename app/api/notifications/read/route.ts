import { route } from "@/lib/platform/api/route";
import { json } from "@/lib/platform/api/responses";
import { markRead } from "@/lib/notifications/inbox";
import { markReadSchema } from "@/lib/notifications/schemas";

// Marks the reader's own notifications read; ids of another person's change nothing. Not
// audited: it changes what one person's bell shows.
export const POST = route(
  { permission: "signed-in", body: markReadSchema, action: "notifications.read" },
  async ({ body, actor }) => json(await markRead(actor.user.id, actor.user, body)),
);
