import { route } from "@/lib/platform/api/route";
import { inboxFilterSchema, listNotifications } from "@/lib/webhooks/query";

// The webhook inbox: `type`, `verification`, `state`, `q` (transaction id, parent id or reference), `before`, `limit`.
export const GET = route({ permission: "webhooks.read", query: inboxFilterSchema }, async ({ query }) =>
  listNotifications(query),
);
