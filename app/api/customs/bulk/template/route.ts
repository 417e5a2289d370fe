import { route } from "@/lib/platform/api/route";
import { csvDownload } from "@/lib/platform/api/csv";
import { BULK_COLUMNS, BULK_EXAMPLE } from "@/lib/declarations/bulk-columns";

// The bulk file's template: the header the upload reads and one example row to overwrite.
export const GET = route(
  {
    doc: {
      tag: "Customs",
      summary: "Download the bulk declaration CSV template",
      description: "the bulk file's CSV template: the header the upload reads and one example row (formula-safe)",
      produces: "text/csv",
    },
    permission: "customs.declare",
  },
  async () =>
    csvDownload([BULK_COLUMNS.map((c) => BULK_EXAMPLE[c])], BULK_COLUMNS, "customs-declarations-template.csv"),
);
