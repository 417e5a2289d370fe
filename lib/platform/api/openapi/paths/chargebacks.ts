import type { RouteArea } from "@/lib/platform/api/openapi/route-doc";

export const CHARGEBACK_DOCS: RouteArea = {
  area: "Chargebacks",
  about: "The tracker, cases, evidence and the summary.",
  routes: {
    "GET /api/chargebacks/{id}/files/{fileId}": {
      produces: "application/octet-stream",
      does: "the file as an attachment only (`nosniff`, CSP `default-src 'none'; sandbox`); audited",
    },
    "GET /api/chargebacks/{id}/pack.pdf": {
      produces: "application/pdf",
      does: "the evidence pack as one PDF (charge, customer, timeline, shipping, notes, list of files), `?locale=` (en or zh-CN) and `&timeZone=` (the reader's when absent; the pack names its zone); audited",
    },
    "GET /api/chargebacks/{id}/pack.zip": {
      produces: "application/zip",
      does: "the evidence pack's PDF with every evidence file, as one ZIP, `?locale=&timeZone=` as the PDF; audited",
    },
    "GET /api/chargebacks/export.csv": {
      produces: "text/csv",
      does: "every matching chargeback streamed as CSV (major units beside the currency, ISO times, history); audited",
    },
  },
};
