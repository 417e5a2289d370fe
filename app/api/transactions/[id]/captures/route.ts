import { route } from "@/lib/platform/api/route";
import { transactionIdSchema } from "@/lib/ledger/schemas";
import { captureBodySchema } from "@/lib/operations/schemas";
import { requestCapture } from "@/lib/operations/request";
import { idempotencyKey } from "@/lib/platform/api/idempotency";
import { operationResponse } from "@/app/api/operations/operation-response";

export const POST = route(
  { permission: "money.move", params: transactionIdSchema, body: captureBodySchema, action: "capture.request" },
  async ({ params, body, actor, req }) =>
    operationResponse(await requestCapture(params.id, body, idempotencyKey(req), actor)),
);
