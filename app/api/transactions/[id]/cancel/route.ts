import { route } from "@/lib/platform/api/route";
import { transactionIdSchema } from "@/lib/ledger/schemas";
import { cancelBodySchema } from "@/lib/operations/schemas";
import { requestCancel } from "@/lib/operations/request";
import { idempotencyKey } from "@/lib/platform/api/idempotency";
import { operationResponse } from "@/app/api/operations/operation-response";

export const POST = route(
  { permission: "money.move", params: transactionIdSchema, body: cancelBodySchema, action: "cancel.request" },
  async ({ params, body, actor, req }) =>
    operationResponse(await requestCancel(params.id, body, idempotencyKey(req), actor)),
);
