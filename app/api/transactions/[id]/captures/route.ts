import { route } from "@/lib/api/route";
import { transactionIdSchema } from "@/lib/ledger/schemas";
import { captureBodySchema } from "@/lib/operations/schemas";
import { requestCapture } from "@/lib/operations/service";
import { idempotencyKey, operationResponse } from "@/lib/operations/http";

export const POST = route(
  { permission: "money.move", params: transactionIdSchema, body: captureBodySchema, action: "capture.request" },
  async ({ params, body, actor, req }) =>
    operationResponse(await requestCapture(params.id, body, idempotencyKey(req), actor)),
);
