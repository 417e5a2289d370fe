import { route } from "@/lib/platform/api/route";
import { decisionBodySchema, operationIdSchema } from "@/lib/operations/schemas";
import { approveOperation } from "@/lib/operations/decide";
import { failureError } from "@/app/api/operations/operation-response";

// A manager other than the requester approves; the refund is then sent at once.
export const POST = route(
  {
    permission: "refunds.approve",
    params: operationIdSchema,
    body: decisionBodySchema,
    action: "refund.approve",
    stepUp: true,
  },
  async ({ params, body, actor }) => {
    const operation = await approveOperation(params.id, body, actor);
    if (operation.status === "failed") throw failureError(operation);
    return { operation };
  },
);
