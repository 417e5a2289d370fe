import { route } from "@/lib/platform/api/route";
import { exceptionFilterSchema } from "@/lib/reconciliation/schemas";
import { listExceptions } from "@/lib/reconciliation/query";

// Reconciliation differences (`state` open | closed, `kind`, `age`, `currency`), newest first
// seen first, a page at a time (`limit`, `cursor` from `nextCursor`), with the last runs.
export const GET = route({ permission: "reconciliation.read", query: exceptionFilterSchema }, async ({ query }) =>
  listExceptions(query),
);
