import { route } from "@/lib/platform/api/route";
import { transactionIdSchema } from "@/lib/ledger/schemas";
import { refundBodySchema } from "@/lib/operations/schemas";
import { requestRefund } from "@/lib/operations/request";
import { idempotencyKey } from "@/lib/platform/api/idempotency";
import { operationResponse } from "@/app/api/operations/operation-response";

export const POST = route(
  { permission: "money.move", params: transactionIdSchema, body: refundBodySchema, action: "refund.request" },
  async ({ params, body, actor, req }) =>
    operationResponse(await requestRefund(params.id, body, idempotencyKey(req), actor)),
);
