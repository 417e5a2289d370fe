import { route } from "@/lib/platform/api/route";
import { csvDownload, inBatches } from "@/lib/platform/api/csv";
import { batchResultRows, RESULT_COLUMNS } from "@/lib/refund-batches/result";
import { batchIdSchema } from "@/lib/refund-batches/schemas";

// Each row's outcome as it is now: row, charge, amount, outcome, refund id, reason of failure.
export const GET = route(
  {
    doc: {
      tag: "Refund batches",
      summary: "Download a refund batch's results as CSV",
      description:
        "one line per row: `row, transaction, charge_id, currency, amount, outcome, refund_reference, refund_id, failure_reason`, outcomes as they are now",
      produces: "text/csv",
    },
    permission: "transactions.read",
    params: batchIdSchema,
  },
  async ({ params }) =>
    csvDownload(
      inBatches(await batchResultRows(params.id)),
      RESULT_COLUMNS,
      `refund-batch-${params.id.slice(0, 8)}-result.csv`,
    ),
);
