import { route } from "@/lib/platform/api/route";
import { exportCsv } from "@/lib/platform/api/csv-export";
import { declarationFilterSchema } from "@/lib/declarations/schemas";
import { pageDeclarations } from "@/lib/declarations/view";
import { everyPage } from "@/lib/platform/api/keyset";
import { toMajorString } from "@/lib/platform/money";

const COLUMNS = [
  "declaration_id",
  "reference",
  "transaction_id",
  "vendor",
  "payment_type",
  "customs_location",
  "sub_order_no",
  // The three-way match (the spec): sub_order_no when split, else the vendor's transaction id; with declare_number.
  "match_order_no",
  "order_fee_cny",
  "state",
  // The status the pages show: "rejected" where Customs refused a submitted sub-order (lib/declarations/status.ts).
  "status",
  "declare_number",
  "customs_status",
  "time_modified",
  "identity_check",
  "error_code",
  "error_detail",
  "created_at",
  "created_by",
];

/**
 * One line per sub-order (corrected ones included: the history), amounts in CNY: every
 * declaration the filter matches, read a page at a time as the file is written.
 */
export const GET = route(
  {
    doc: {
      tag: "Customs",
      summary: "Export declarations as CSV",
      description:
        "the same filters, every matching declaration streamed (no cap), one line per sub-order (history included), CNY amounts, `match_order_no` (the three-way match's order number beside `declare_number`); audited",
      produces: "text/csv",
    },
    permission: "customs.read",
    query: declarationFilterSchema,
    action: "customs.export",
  },
  async ({ query, actor }) => {
    const filter = { ...query, cursor: undefined, limit: 500 };
    return exportCsv(actor, {
      action: "customs.export",
      filter: { ...filter, limit: undefined },
      name: "declarations",
      columns: COLUMNS,
      times: ["time_modified", "created_at"],
      rows: async function* (timeZone) {
        for await (const d of everyPage((cursor) => pageDeclarations({ ...filter, cursor, timeZone })))
          for (const s of d.subOrders)
            yield [
              d.id,
              d.reference,
              d.transactionId ?? "",
              d.vendor,
              d.paymentType,
              d.customsLocation,
              s.subOrderNo,
              s.match.orderNo ?? "",
              s.orderFee === null ? "" : toMajorString(s.orderFee, "CNY"),
              s.state,
              s.status,
              s.declareNumber ?? "",
              s.customsStatus ?? "",
              s.modifiedAt ?? s.timeModified ?? "",
              s.identityCheck ?? "",
              s.errorCode ?? "",
              s.errorDetail ?? "",
              d.createdAt,
              d.createdBy,
            ];
      },
    });
  },
);
