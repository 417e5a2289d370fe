import type { RouteArea } from "@/lib/platform/api/openapi/route-doc";

export const CUSTOMS_DOCS: RouteArea = {
  area: "Customs",
  about: "One at a time, in bulk, and their exports.",
  routes: {
    "POST /api/customs/bulk": {
      consumes: "text/csv",
      does: "a CSV body (`reference, vendor, payment_type, customs_location, sub_order_no, order_fee, transport_fee, product_fee, duty, buyer_name, id_number`; CNY amounts like `120.50`; commas, semicolons or tabs between cells, as the header line has them; at most 2 MB). `?dryRun=1`: the preview `{ rows: [{ line, reference, cells, problems: [{ column, message, rule?, words?, keyed? }], declared?: { declarationId, by, at } }], problems, orderCount, declaredCount }` (`declared`: Customs already has the order for that vendor; the confirm does not declare it again) (`rule`/`words`/`keyed`: the problem's catalog key and values, for the reader's language; a formula cell is a problem of its own) — every problem of every row at its line and column (ID numbers masked), nothing sent. A file that is empty, not CSV, has a wrong header, no rows or more than 1,000 is refused whole (422 `bulk_empty`, 400 `bulk_not_csv`, 422 `bulk_header`, `bulk_no_rows`, `bulk_too_many`); Settings without the merchant customs code or name refuses every file (422 `merchant_customs_missing`, `details.missing`: code, name or both). Without it: the file is checked again and sent only when it has no problem (else 422 `bulk_invalid` with `details.preview`, nothing sent); `{ rows: [{ line, reference, ok, problems, declarationId?, replayed?, declared? }], sent, refused }`. Each order's key is derived from its rows, so a double click or the same file again declares nothing twice",
    },
    "GET /api/customs/bulk/template": {
      produces: "text/csv",
      does: "the bulk file's CSV template: the header the upload reads and one example row (formula-safe)",
    },
    "GET /api/customs/declarations/export.csv": {
      produces: "text/csv",
      does: "the same filters, every matching declaration streamed (no cap), one line per sub-order (history included), CNY amounts, `match_order_no` (the three-way match's order number beside `declare_number`); audited",
    },
  },
};
