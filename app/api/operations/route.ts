import { route } from "@/lib/api/route";
import { operationListQuerySchema } from "@/lib/operations/schemas";
import { listOperations } from "@/lib/operations/view";

// Newest first; `?status=pending_approval` is the approvals queue, `?status=unknown` the ones being checked.
export const GET = route({ permission: "transactions.read", query: operationListQuerySchema }, async ({ query }) => ({
  operations: await listOperations(query.status ? { status: query.status } : {}, query.limit),
}));
