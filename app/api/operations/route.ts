import { route } from "@/lib/platform/api/route";
import { operationListQuerySchema } from "@/lib/operations/schemas";
import { operationsPage } from "@/lib/operations/view";

// Newest first, a page at a time (`cursor` from `nextCursor`); `?status=pending_approval` is
// the approvals queue, `?status=unknown` the ones being checked.
export const GET = route({ permission: "transactions.read", query: operationListQuerySchema }, async ({ query }) =>
  operationsPage(query),
);
