import type { RouteArea } from "@/lib/platform/api/openapi/route-doc";

export const CHARGEBACK_DOCS: RouteArea = {
  area: "Chargebacks",
  about: "The tracker, cases, evidence and the summary.",
  routes: {
    "PUT /api/chargebacks/{id}/owner": { does: "`{ ownerId: uuid | null }`, an active manager; audited" },
    "POST /api/chargebacks/{id}/notes": {
      does: "`{ body }` (1–4,000 characters), append-only; audited",
      idempotencyKey: "optional",
    },
    "PATCH /api/chargebacks/{id}/notes/{noteId}": {
      does: "`{ body }`: the note's new text, by its author only (403 `not_note_author` otherwise); audited with the text it replaced",
    },
    "PUT /api/chargebacks/{id}/charge": {
      does: "`{ chargeId }`: ties a chargeback not yet tied to a charge (a verified notification no inquiry lists yet; it shows on the list and the managers' home meanwhile) to a charge in the ledger of the same currency; 409 `chargeback_already_tied`, 404 for an unknown charge; audited. An inquiry that lists it ties it by itself. One tied by hand that an inquiry of another charge lists keeps its tie and shows that charge as `listedChargeId` (managers are told); `{ chargeId }` naming that charge moves it there (audited `chargeback.retie`), any other is 409",
    },
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
