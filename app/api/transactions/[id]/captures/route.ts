import { route } from "@/lib/platform/api/route";
import { transactionIdSchema } from "@/lib/upi/ids";
import { captureBodySchema } from "@/lib/operations/schemas";
import { requestCapture } from "@/lib/operations/request";
import { idempotencyKey } from "@/lib/platform/api/idempotency";
import { operationResponse } from "@/app/api/operations/operation-response";
import { operationResultSchema } from "@/lib/operations/answers";

export const POST = route(
  {
    response: operationResultSchema,
    doc: {
      tag: "Ledger",
      summary: "Capture a charge",
      description:
        "capture `{ amount? (minor units; all that is left when absent), multiCapture?, lastCapture? (klarna), shipping?: { vendor?, tracking? } }` (201 done or waiting for approval, 202 in flight or being checked, 200 for a replayed key; a failure is the error answer with its `details.operation`)",
      idempotencyKey: true,
      status: 201,
      errors: ["conflict", "upstream_error"],
    },
    permission: "money.move",
    params: transactionIdSchema,
    body: captureBodySchema,
    action: "capture.request",
  },
  async ({ params, body, actor, req }) =>
    operationResponse(await requestCapture(params.id, body, idempotencyKey(req), actor)),
);
