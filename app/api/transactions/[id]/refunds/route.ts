import { route } from "@/lib/platform/api/route";
import { transactionIdSchema } from "@/lib/upi/ids";
import { refundBodySchema } from "@/lib/operations/schemas";
import { requestRefund } from "@/lib/operations/request";
import { idempotencyKey } from "@/lib/platform/api/idempotency";
import { operationResponse } from "@/app/api/operations/operation-response";
import { operationResultSchema } from "@/lib/operations/answers";

export const POST = route(
  {
    response: operationResultSchema,
    doc: {
      tag: "Ledger",
      summary: "Refund a charge",
      description:
        "refund `{ amount?, reason: consumer_requested|inventory_issue|product_issue|fraud|other, note? (required for other) }`; the reason's label (and note) is sent as the API's `note` (201 done or waiting for approval, 202 in flight or being checked, 200 for a replayed key; a failure is the error answer with its `details.operation`)",
      idempotencyKey: true,
      status: 201,
      errors: ["conflict", "upstream_error"],
    },
    permission: "money.move",
    params: transactionIdSchema,
    body: refundBodySchema,
    action: "refund.request",
  },
  async ({ params, body, actor, req }) =>
    operationResponse(await requestRefund(params.id, body, idempotencyKey(req), actor)),
);
