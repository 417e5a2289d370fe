import { route } from "@/lib/api/route";
import { clientInfo } from "@/lib/audit/log";
import { decisionBodySchema, operationIdSchema } from "@/lib/operations/schemas";
import { approveOperation, failureError } from "@/lib/operations/service";

// A manager other than the requester approves; the refund is then sent at once.
export const POST = route(
  { permission: "refunds.approve", params: operationIdSchema, body: decisionBodySchema, action: "refund.approve", stepUp: true },
  async ({ params, body, user, req }) => {
    const operation = await approveOperation(params.id, user, body.comment, clientInfo(req.headers));
    if (operation.status === "failed") throw failureError(operation);
    return { operation };
  },
);
