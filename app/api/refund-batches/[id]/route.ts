import { route } from "@/lib/platform/api/route";
import { getRefundBatchOrThrow } from "@/lib/refund-batches/view";
import { batchIdSchema } from "@/lib/refund-batches/schemas";

// The batch, its counts and its first rows (the page polls this while rows are moving).
export const GET = route({ permission: "transactions.read", params: batchIdSchema }, async ({ params }) => ({
  batch: await getRefundBatchOrThrow(params.id),
}));
