import { csvDownload, stampedCsvName } from "@/lib/platform/api/csv";
import { route } from "@/lib/platform/api/route";
import { preferencesOf } from "@/lib/platform/i18n/server";
import { transactionFilterSchema } from "@/lib/ledger/filters";
import { exportColumns, transactionExportBatches } from "@/lib/ledger/export";
import { auditedExport } from "@/lib/platform/audit/export";

/**
 * Exactly the filtered set, streamed from one cursor (a million rows never sit in memory):
 * amounts in major units beside their currency, CNY beside the original, times in ISO 8601 UTC,
 * each with its local time in the exporting person's zone beside it (lib/ledger/export.ts).
 */
export const GET = route(
  {
    doc: {
      tag: "Ledger",
      summary: "Export transactions as CSV",
      description:
        "the same filters, every matching row streamed as CSV: amounts in major units beside the currency, CNY beside the original, ISO 8601 UTC times; a `status_detail` column beside `status` says `partially_captured`, `partially_refunded` or `refunded` from the row's captured/refunded totals; audited",
      produces: "text/csv",
    },
    permission: "transactions.read",
    query: transactionFilterSchema,
    action: "transaction.export",
  },
  async ({ query, actor }) => {
    const { timeZone } = await preferencesOf(actor.user);
    const filter = { ...query, cursor: undefined };
    return csvDownload(
      await auditedExport(actor, "transaction.export", filter, transactionExportBatches({ ...filter, timeZone })),
      exportColumns(timeZone),
      stampedCsvName("transactions", timeZone),
    );
  },
);
