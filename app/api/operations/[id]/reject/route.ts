import { route } from "@/lib/platform/api/route";
import { decisionBodySchema, operationIdSchema } from "@/lib/operations/schemas";
import { rejectOperation } from "@/lib/operations/decide";
import { operationAnswerSchema } from "@/lib/operations/answers";

export const POST = route(
  {
    response: operationAnswerSchema,
    doc: {
      tag: "Ledger",
      summary: "Reject a refund waiting for a manager",
      description: "`{ comment }`: reject a refund someone else asked for; nothing is sent",
      errors: ["conflict"],
    },
    permission: "refunds.approve",
    params: operationIdSchema,
    body: decisionBodySchema,
    action: "refund.reject",
  },
  async ({ params, body, actor }) => ({ operation: await rejectOperation(params.id, body, actor) }),
);
