import { route } from "@/lib/platform/api/route";
import { createRefundBatch } from "@/lib/refund-batches/create";
import { inputsFromSelection, previewRefundBatch } from "@/lib/refund-batches/preview";
import { getRefundBatchOrThrow, pageRefundBatches } from "@/lib/refund-batches/view";
import { batchListQuerySchema, isOn, selectionBodySchema, selectionQuerySchema } from "@/lib/refund-batches/schemas";
import { refundBatchListSchema, refundBatchMadeSchema } from "@/lib/refund-batches/answers";

export const GET = route(
  {
    response: refundBatchListSchema,
    doc: {
      tag: "Refund batches",
      summary: "List refund batches",
      description:
        "the batches, newest first, a page at a time (`limit` 1–200, default 50), all or those in one `status` (`awaiting_approval` for the approvals page): `{ batches, nextCursor, older }`, each with its totals per currency and row counts by outcome",
    },
    permission: "transactions.read",
    query: batchListQuerySchema,
  },
  async ({ query }) => pageRefundBatches(query),
);

// Rows selected on the transactions list. `?dryRun=1`: the preview, nothing stored. Without it:
// the batch, stored whole; it starts sending at once unless it passes the batch threshold.
export const POST = route(
  {
    response: refundBatchMadeSchema,
    doc: {
      tag: "Refund batches",
      summary: "Refund the selected charges as a batch",
      description:
        '`{ ids: [transaction id…], reason: "consumer_requested"|"inventory_issue"|"product_issue"|"fraud"|"other", note?, skipProblems? }`: each selected charge refunded in full. `?dryRun=1`: the preview `{ rows: [{ index, given, transactionId, currency, amount, reason, note, problems: [{ column, message (a catalog key with values), text }], needsManager }], problems, totals, managerRows, batchNeedsManager, thresholdOver: [currency…] (past its batch threshold), thresholdUnset: [currency…] (no threshold set: every batch waits) }`, nothing stored. Without it: `{ batch }` (as GET below); refused (422 `refund_batch_problems`) while a row has a problem unless `skipProblems` (those rows are stored as skipped). A batch under its threshold starts sending at once; over it, `awaiting_approval`',
    },
    permission: "money.move",
    body: selectionBodySchema,
    query: selectionQuerySchema,
    action: "refund_batch.create",
  },
  async ({ body, query, actor }) => {
    const inputs = inputsFromSelection(body.ids, body.reason, body.note);
    if (isOn(query.dryRun)) return previewRefundBatch(inputs);
    const { id } = await createRefundBatch({ source: "selection", inputs, skipProblems: body.skipProblems }, actor);
    return { batch: await getRefundBatchOrThrow(id) };
  },
);
