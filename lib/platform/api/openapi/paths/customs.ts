import type { RouteArea } from "@/lib/platform/api/openapi/route-doc";

export const CUSTOMS_DOCS: RouteArea = {
  area: "Customs",
  about: "One at a time, in bulk, and their exports.",
  routes: {
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
