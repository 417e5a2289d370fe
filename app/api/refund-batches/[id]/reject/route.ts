import { route } from "@/lib/platform/api/route";
import { decisionBodySchema } from "@/lib/operations/schemas";
import { rejectRefundBatch } from "@/lib/refund-batches/decide";
import { getRefundBatchOrThrow } from "@/lib/refund-batches/view";
import { batchIdSchema } from "@/lib/refund-batches/schemas";
import { refundBatchAnswerSchema } from "@/lib/refund-batches/answers";

export const POST = route(
  {
    response: refundBatchAnswerSchema,
    doc: {
      tag: "Refund batches",
      summary: "Reject a refund batch",
      description: "`{ comment }`, step-up: a manager other than the maker rejects it; none of its rows is sent",
      errors: ["conflict"],
    },
    permission: "refunds.approve",
    params: batchIdSchema,
    body: decisionBodySchema,
    action: "refund_batch.reject",
    stepUp: true,
  },
  async ({ params, body, actor }) => {
    await rejectRefundBatch(params.id, body, actor);
    return { batch: await getRefundBatchOrThrow(params.id) };
  },
);
