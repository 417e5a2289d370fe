import { route } from "@/lib/api/route";
import { clientInfo } from "@/lib/audit/log";
import { decisionBodySchema, operationIdSchema } from "@/lib/operations/schemas";
import { rejectOperation } from "@/lib/operations/service";

export const POST = route(
  { permission: "refunds.approve", params: operationIdSchema, body: decisionBodySchema, action: "refund.reject" },
  async ({ params, body, user, req }) => ({ operation: await rejectOperation(params.id, user, body.comment, clientInfo(req.headers)) }),
);
