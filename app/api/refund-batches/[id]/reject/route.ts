import { route } from "@/lib/platform/api/route";
import { decisionBodySchema } from "@/lib/operations/schemas";
import { rejectRefundBatch } from "@/lib/refund-batches/decide";
import { getRefundBatchOrThrow } from "@/lib/refund-batches/view";
import { batchIdSchema } from "@/lib/refund-batches/schemas";

// A manager other than the maker rejects the batch whole; none of its rows is sent.
export const POST = route(
  {
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
