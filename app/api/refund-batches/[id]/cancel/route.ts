import { route } from "@/lib/platform/api/route";
import { cancelRefundBatch } from "@/lib/refund-batches/cancel";
import { getRefundBatchOrThrow } from "@/lib/refund-batches/view";
import { batchIdSchema } from "@/lib/refund-batches/schemas";

// Stops the rows not yet sent; rows already sent go on to their outcome.
export const POST = route(
  { permission: "money.move", params: batchIdSchema, action: "refund_batch.cancel" },
  async ({ params, actor }) => {
    await cancelRefundBatch(params.id, actor);
    return { batch: await getRefundBatchOrThrow(params.id) };
  },
);
