import type { RouteArea } from "@/lib/platform/api/openapi/route-doc";

export const CHARGEBACK_DOCS: RouteArea = {
  area: "Chargebacks",
  about: "The tracker, cases, evidence and the summary.",
  routes: {
    "POST /api/chargebacks/{id}/files": {
      consumes: "application/octet-stream",
      does: "the file's raw bytes (10 MB; 413 past it): PDF, PNG, JPEG or WebP decided from the content and matching the name (422 `file_type`, `file_type_mismatch`; `active_pdf` for script, actions, links or embedded files, names decoded and compressed streams read; `pdf_unchecked` for a stream in an encoding the check cannot read); kept in PostgreSQL; audited, refusals too",
    },
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
