import { route } from "@/lib/platform/api/route";
import { csvDownload } from "@/lib/platform/api/csv";
import { REFUND_BATCH_COLUMNS, REFUND_BATCH_EXAMPLE } from "@/lib/refund-batches/columns";

// The refund batch file's template: the header the upload reads and one example row to overwrite.
export const GET = route({ permission: "money.move" }, async () =>
  csvDownload(
    [REFUND_BATCH_COLUMNS.map((c) => REFUND_BATCH_EXAMPLE[c])],
    REFUND_BATCH_COLUMNS,
    "refund-batch-template.csv",
  ),
);
