import { route } from "@/lib/platform/api/route";
import { operationIdSchema } from "@/lib/operations/schemas";
import { getOperation } from "@/lib/operations/view";

export const GET = route({ permission: "transactions.read", params: operationIdSchema }, async ({ params }) => ({
  operation: await getOperation(params.id),
}));
