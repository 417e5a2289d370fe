import { route } from "@/lib/platform/api/route";
import { getRefundBatchOrThrow } from "@/lib/refund-batches/view";
import { batchIdSchema, batchPageQuerySchema } from "@/lib/refund-batches/schemas";

// The batch, its counts and one page of its rows (the page polls this while rows are moving).
export const GET = route(
  { permission: "transactions.read", params: batchIdSchema, query: batchPageQuerySchema },
  async ({ params, query }) => ({ batch: await getRefundBatchOrThrow(params.id, query.after) }),
);
