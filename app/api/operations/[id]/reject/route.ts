import { route } from "@/lib/platform/api/route";
import { decisionBodySchema, operationIdSchema } from "@/lib/operations/schemas";
import { rejectOperation } from "@/lib/operations/decide";

export const POST = route(
  { permission: "refunds.approve", params: operationIdSchema, body: decisionBodySchema, action: "refund.reject" },
  async ({ params, body, actor }) => ({ operation: await rejectOperation(params.id, body, actor) }),
);
