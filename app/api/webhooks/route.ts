import { route } from "@/lib/platform/api/route";
import { inboxFilterSchema, listNotifications } from "@/lib/webhooks/query";
import { inboxPageSchema } from "@/lib/webhooks/answers";

export const GET = route(
  {
    response: inboxPageSchema,
    doc: {
      tag: "System",
      summary: "List the webhook inbox",
      description:
        "the inbox, newest first, a page at a time (`limit`, `before` from `nextBefore`; filters `type`, `verification`, `state`, `q` = transaction id, parent id or reference): `{ rows, nextBefore }`, each with its verdict (`verified`, `verified_previous`, `verified_legacy`, `rejected`, `unverifiable`), apply result (`applied`, `confirmed` by inquiry, `unchanged`, `stale`, `rejected`, `unconfirmed`, `expired`, `pending`), replay count, raw body",
    },
    permission: "webhooks.read",
    query: inboxFilterSchema,
  },
  async ({ query }) => listNotifications(query),
);
