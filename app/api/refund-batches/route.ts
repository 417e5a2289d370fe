import { route } from "@/lib/platform/api/route";
import { createRefundBatch } from "@/lib/refund-batches/create";
import { inputsFromSelection, previewRefundBatch } from "@/lib/refund-batches/preview";
import { getRefundBatchOrThrow, listRefundBatches } from "@/lib/refund-batches/view";
import { batchListQuerySchema, isOn, selectionBodySchema, selectionQuerySchema } from "@/lib/refund-batches/schemas";

export const GET = route({ permission: "transactions.read", query: batchListQuerySchema }, async ({ query }) =>
  listRefundBatches(query.status, { before: query.before }),
);

// Rows selected on the transactions list. `?dryRun=1`: the preview, nothing stored. Without it:
// the batch, stored whole; it starts sending at once unless it passes the batch threshold.
export const POST = route(
  { permission: "money.move", body: selectionBodySchema, query: selectionQuerySchema, action: "refund_batch.create" },
  async ({ body, query, actor }) => {
    const inputs = inputsFromSelection(body.ids, body.reason, body.note);
    if (isOn(query.dryRun)) return previewRefundBatch(inputs);
    const { id } = await createRefundBatch({ source: "selection", inputs, skipProblems: body.skipProblems }, actor);
    return { batch: await getRefundBatchOrThrow(id) };
  },
);
