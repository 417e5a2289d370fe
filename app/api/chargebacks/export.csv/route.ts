import { route } from "@/lib/platform/api/route";
import { exportCsv } from "@/lib/platform/api/csv-export";
import { pageChargebacks } from "@/lib/chargebacks/query";
import { chargebackFilterSchema } from "@/lib/chargebacks/schemas";
import { everyPage } from "@/lib/platform/api/keyset";
import { toMajorString } from "@/lib/platform/money";

const COLUMNS = [
  "id",
  "charge_id",
  "reference",
  "status",
  "outcome",
  "reason",
  "currency",
  "amount",
  "opened_at",
  "last_change_at",
  "closed_at",
  "age_days",
  "history",
];

/**
 * Every chargeback the filter matches as CSV, read a page at a time as the file is written:
 * amounts in major units beside the currency, ISO 8601 UTC times, each with the exporting
 * person's local time beside it.
 */
export const GET = route(
  {
    doc: {
      tag: "Chargebacks",
      summary: "Export chargebacks as CSV",
      description:
        "every matching chargeback streamed as CSV (major units beside the currency, ISO times, history); audited",
      produces: "text/csv",
    },
    permission: "chargebacks.read",
    query: chargebackFilterSchema,
    action: "chargeback.export",
  },
  async ({ query, actor }) => {
    const filter = { ...query, cursor: undefined, limit: 500 };
    return exportCsv(actor, {
      action: "chargeback.export",
      filter: { ...filter, limit: undefined },
      name: "chargebacks",
      columns: COLUMNS,
      times: ["opened_at", "last_change_at", "closed_at"],
      rows: async function* () {
        for await (const c of everyPage((cursor) => pageChargebacks({ ...filter, cursor })))
          yield [
            c.id,
            c.chargeId,
            c.reference ?? "",
            c.status,
            c.outcome ?? "",
            c.reason ?? "",
            c.currency,
            toMajorString(c.amount, c.currency),
            c.openedAt,
            c.lastChangeAt,
            c.closedAt ?? "",
            c.ageDays,
            c.history.map((h) => `${h.at} ${h.status}`).join("; "),
          ];
      },
    });
  },
);
