import { route } from "@/lib/platform/api/route";
import { csvDownload } from "@/lib/platform/api/csv";
import { REFUND_BATCH_COLUMNS, REFUND_BATCH_EXAMPLE } from "@/lib/refund-batches/columns";

// The refund batch file's template: the header the upload reads and one example row to overwrite.
export const GET = route(
  {
    doc: {
      tag: "Refund batches",
      summary: "Download the refund batch CSV template",
      description: "the batch file's header and one example row",
      produces: "text/csv",
    },
    permission: "money.move",
  },
  async () =>
    csvDownload(
      [REFUND_BATCH_COLUMNS.map((c) => REFUND_BATCH_EXAMPLE[c])],
      REFUND_BATCH_COLUMNS,
      "refund-batch-template.csv",
    ),
);
