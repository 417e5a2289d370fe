import { csvDownload, stampedCsvName, withLocalTimes } from "@/lib/platform/api/csv";
import { route } from "@/lib/platform/api/route";
import { preferencesOf } from "@/lib/platform/i18n/server";
import { transactionFilterSchema } from "@/lib/ledger/filters";
import { iterateTransactions } from "@/lib/ledger/query";
import { toMajorString } from "@/lib/platform/money";
import { auditedExport } from "@/lib/platform/audit/export";
import { displayStatus } from "@/lib/ledger/display-status";

const COLUMNS = [
  "id",
  "type",
  "parent_id",
  "reference",
  "consumer_reference",
  "status",
  "status_detail",
  "method",
  "payment_type",
  "pan_masked",
  "currency",
  "amount",
  "amount_captured",
  "amount_refunded",
  "cny_amount",
  "country",
  "time_created",
];

/**
 * Exactly the filtered set, streamed in keyset batches (a million rows never sit in
 * memory): amounts in major units beside their currency, CNY beside the original,
 * times in ISO 8601 UTC, each with its local time in the exporting person's zone beside it.
 */
export const GET = route(
  { permission: "transactions.read", query: transactionFilterSchema, action: "transaction.export" },
  async ({ query, actor }) => {
    const { timeZone } = await preferencesOf(actor.user);
    const local = withLocalTimes(COLUMNS, ["time_created"], timeZone);
    const rows = (async function* () {
      for await (const r of iterateTransactions({ ...query, cursor: undefined, timeZone })) {
        const major = (v: number | null) => (v === null ? "" : toMajorString(v, r.currency));
        yield local.row([
          r.id,
          r.type,
          r.parentId ?? "",
          r.reference ?? "",
          r.consumerReference ?? "",
          r.status,
          displayStatus(r),
          r.method ?? "",
          r.paymentType ?? "",
          r.panMasked ?? "",
          r.currency,
          major(r.amount),
          major(r.amountCaptured),
          major(r.amountRefunded),
          r.cnyAmount === null ? "" : toMajorString(r.cnyAmount, "CNY"),
          r.country ?? "",
          r.timeCreated,
        ]);
      }
    })();
    return csvDownload(
      await auditedExport(actor, "transaction.export", { ...query, cursor: undefined }, rows),
      local.columns,
      stampedCsvName("transactions", timeZone),
    );
  },
);
