import { route } from "@/lib/platform/api/route";
import { BODY_LIMITS, readCapped } from "@/lib/platform/http/body";
import { assertStorableFile } from "@/lib/platform/http/storable";
import { createRefundBatch } from "@/lib/refund-batches/create";
import { inputsFromCsv, previewRefundBatch } from "@/lib/refund-batches/preview";
import { getRefundBatchOrThrow } from "@/lib/refund-batches/view";
import { csvQuerySchema, isOn } from "@/lib/refund-batches/schemas";

// A CSV body (text/csv), read as the customs bulk file is. `?dryRun=1`: the preview, nothing
// stored. Without it: the batch, refused while a row has a problem unless `skipProblems=1`.
// No Idempotency-Key: the same file again is refused row by row as already refunded.
export const POST = route(
  { permission: "money.move", query: csvQuerySchema, action: "refund_batch.create" },
  async ({ req, query, actor }) => {
    const text = assertStorableFile(await readCapped(req.body, BODY_LIMITS.bulkCsv, req.headers.get("content-length")));
    const inputs = inputsFromCsv(text);
    if (isOn(query.dryRun)) return previewRefundBatch(inputs);
    const { id } = await createRefundBatch(
      { source: "csv", fileName: query.fileName ?? null, inputs, skipProblems: isOn(query.skipProblems) },
      actor,
    );
    return { batch: await getRefundBatchOrThrow(id) };
  },
);
