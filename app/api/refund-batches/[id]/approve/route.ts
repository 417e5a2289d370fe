import { route } from "@/lib/platform/api/route";
import { decisionBodySchema } from "@/lib/operations/schemas";
import { approveRefundBatch } from "@/lib/refund-batches/decide";
import { getRefundBatchOrThrow } from "@/lib/refund-batches/view";
import { batchIdSchema } from "@/lib/refund-batches/schemas";
import { refundBatchAnswerSchema } from "@/lib/refund-batches/answers";

export const POST = route(
  {
    response: refundBatchAnswerSchema,
    doc: {
      tag: "Refund batches",
      summary: "Approve a refund batch",
      description:
        "`{ comment }`, step-up: a manager other than the maker approves a batch `awaiting_approval`; its rows start sending (each refund still under the per-charge rule). 403 `own_request` for the maker, 409 `already_decided`",
      errors: ["conflict"],
    },
    permission: "refunds.approve",
    params: batchIdSchema,
    body: decisionBodySchema,
    action: "refund_batch.approve",
    stepUp: true,
  },
  async ({ params, body, actor }) => {
    await approveRefundBatch(params.id, body, actor);
    return { batch: await getRefundBatchOrThrow(params.id) };
  },
);
