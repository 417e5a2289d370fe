import { route } from "@/lib/platform/api/route";
import { BODY_LIMITS, readCapped } from "@/lib/platform/http/body";
import { assertStorableFile } from "@/lib/platform/http/storable";
import { createRefundBatch } from "@/lib/refund-batches/create";
import { inputsFromCsv, previewRefundBatch } from "@/lib/refund-batches/preview";
import { getRefundBatchOrThrow } from "@/lib/refund-batches/view";
import { csvQuerySchema, isOn } from "@/lib/refund-batches/schemas";
import { refundBatchMadeSchema } from "@/lib/refund-batches/answers";

// A CSV body (text/csv), read as the customs bulk file is. `?dryRun=1`: the preview, nothing
// stored. Without it: the batch, refused while a row has a problem unless `skipProblems=1`.
// No Idempotency-Key: the same file again is refused row by row as already refunded.
export const POST = route(
  {
    response: refundBatchMadeSchema,
    doc: {
      tag: "Refund batches",
      summary: "Refund the charges of a batch file",
      consumes: "text/csv",
      description:
        "the batch file as the body: columns `transaction` (id or merchant reference), `amount` (major units, blank: all that is left), `reason` (its code, or its name in English or Chinese), `note`; separated by commas, semicolons (Excel where the decimal mark is a comma) or tabs, as the header line is; at most 10,000 rows, read and refused whole as the customs bulk file is (header, formula cells). `?dryRun=1` previews, as above; `?fileName=` is kept with the batch; `?skipProblems=1` stores the rows with problems as skipped. The same file again: every row `already` refunded",
      errors: ["payload_too_large"],
    },
    permission: "money.move",
    query: csvQuerySchema,
    action: "refund_batch.create",
  },
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
