import { route } from "@/lib/platform/api/route";
import { transactionIdSchema } from "@/lib/upi/ids";
import { cancelBodySchema } from "@/lib/operations/schemas";
import { requestCancel } from "@/lib/operations/request";
import { idempotencyKey } from "@/lib/platform/api/idempotency";
import { operationResponse } from "@/app/api/operations/operation-response";
import { operationResultSchema } from "@/lib/operations/answers";

export const POST = route(
  {
    response: operationResultSchema,
    doc: {
      tag: "Ledger",
      summary: "Cancel an uncaptured charge",
      description:
        "cancel the open, uncaptured authorization `{ note? }` (201 done or waiting for approval, 202 in flight or being checked, 200 for a replayed key; a failure is the error answer with its `details.operation`)",
      idempotencyKey: true,
      status: 201,
      errors: ["conflict", "upstream_error"],
    },
    permission: "money.move",
    params: transactionIdSchema,
    body: cancelBodySchema,
    action: "cancel.request",
  },
  async ({ params, body, actor, req }) =>
    operationResponse(await requestCancel(params.id, body, idempotencyKey(req), actor)),
);
