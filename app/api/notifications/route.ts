import { route } from "@/lib/platform/api/route";
import { preferencesOf } from "@/lib/platform/i18n/server";
import { readInbox } from "@/lib/notifications/inbox";
import { inboxSchema } from "@/lib/notifications/answers";
import { inboxQuerySchema } from "@/lib/notifications/schemas";

export const GET = route(
  {
    response: inboxSchema,
    doc: {
      tag: "Account",
      summary: "Read your notifications",
      description:
        "your notification centre (issue 35), newest first, a page at a time (`limit` 1–200, default 50), `show=unread` for the unread only, `kind=` for one kind: `{ notifications: [{ id, kind, subject, body, link, createdAt, read }], nextCursor, older, unread }`, worded in your language and time zone; only ever your own",
    },
    permission: "signed-in",
    query: inboxQuerySchema,
  },
  async ({ actor, query }) => readInbox(actor.user.id, actor.user, await preferencesOf(actor.user), query),
);
