import { route } from "@/lib/platform/api/route";
import { decisionBodySchema } from "@/lib/operations/schemas";
import { approveRefundBatch } from "@/lib/refund-batches/decide";
import { getRefundBatchOrThrow } from "@/lib/refund-batches/view";
import { batchIdSchema } from "@/lib/refund-batches/schemas";

// A manager other than the maker approves the batch whole; its rows start sending.
export const POST = route(
  {
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
