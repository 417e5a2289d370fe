import { route } from "@/lib/platform/api/route";
import { operationIdSchema } from "@/lib/operations/schemas";
import { getOperation } from "@/lib/operations/view";
import { operationAnswerSchema } from "@/lib/operations/answers";

export const GET = route(
  {
    response: operationAnswerSchema,
    doc: {
      tag: "Ledger",
      summary: "Get an operation",
      description: "`{ operation }`: one operation, as the list shows it",
    },
    permission: "transactions.read",
    params: operationIdSchema,
  },
  async ({ params }) => ({
    operation: await getOperation(params.id),
  }),
);
