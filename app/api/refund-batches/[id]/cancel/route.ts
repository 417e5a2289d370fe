import { route } from "@/lib/platform/api/route";
import { cancelRefundBatch } from "@/lib/refund-batches/cancel";
import { getRefundBatchOrThrow } from "@/lib/refund-batches/view";
import { batchIdSchema } from "@/lib/refund-batches/schemas";
import { refundBatchAnswerSchema } from "@/lib/refund-batches/answers";

export const POST = route(
  {
    response: refundBatchAnswerSchema,
    doc: {
      tag: "Refund batches",
      summary: "Cancel a refund batch",
      description:
        "stops the rows not yet sent (they become `cancelled`); rows already sent go on to their outcome. 409 `batch_closed` when done, rejected or cancelled",
      errors: ["conflict"],
    },
    permission: "money.move",
    params: batchIdSchema,
    action: "refund_batch.cancel",
  },
  async ({ params, actor }) => {
    await cancelRefundBatch(params.id, actor);
    return { batch: await getRefundBatchOrThrow(params.id) };
  },
);
