import type { RouteArea } from "@/lib/platform/api/openapi/route-doc";

export const LEDGER_DOCS: RouteArea = {
  area: "Ledger",
  about: "Transactions and their notes, captures, refunds and cancels, customers, reports.",
  routes: {
    "GET /api/transactions/export.csv": {
      produces: "text/csv",
      does: "the same filters, every matching row streamed as CSV: amounts in major units beside the currency, CNY beside the original, ISO 8601 UTC times; a `status_detail` column beside `status` says `partially_captured`, `partially_refunded` or `refunded` from the row's captured/refunded totals; audited",
    },
    "GET /api/reports/summary.csv": {
      produces: "text/csv",
      does: "per day of the merchant's reporting zone (Settings) and currency (`YYYY-MM-DD`, both ends included, 30 days by default, at most a year; a malformed day is ignored, a day outside 1970-01-01–2999-12-31 is 422 naming that range): charges, charge amount, captured, refunds, refunded, cancels, net = captured − refunded; major units; audited. The page `/reports` adds refunds by reason and the chargeback rate",
    },
  },
};
