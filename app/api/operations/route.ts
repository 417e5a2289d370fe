import { route } from "@/lib/platform/api/route";
import { operationListQuerySchema } from "@/lib/operations/schemas";
import { operationsPage } from "@/lib/operations/view";
import { operationPageSchema } from "@/lib/operations/answers";

export const GET = route(
  {
    response: operationPageSchema,
    doc: {
      tag: "Ledger",
      summary: "List operations",
      description:
        "operations, newest first, a page at a time (`limit` 1–200, default 50): `{ operations, nextCursor, older }` (pass `cursor=<nextCursor>` for the next page; null on the last); `status=pending_approval` is the approvals queue, `unknown` those being checked",
    },
    permission: "transactions.read",
    query: operationListQuerySchema,
  },
  async ({ query }) => operationsPage(query),
);
