import type { Case, Declared } from "@/test/answers-cases";
import { POST as batchSelected } from "@/app/api/refund-batches/route";
import { POST as batchFile } from "@/app/api/refund-batches/csv/route";
import { POST as addEvidence } from "@/app/api/chargebacks/[id]/files/route";
import { GET as ready } from "@/app/api/ready/route";
import { GET as health } from "@/app/api/health/route";

// Bodies as the pages send them: a selection or a file previewed (a stored batch would be queued
// to send), and an evidence file's bytes.
export const UPLOAD_ANSWERS: Record<string, Case> = {
  "POST /api/refund-batches": {
    handler: batchSelected as Declared,
    path: "/api/refund-batches?dryRun=1",
    role: "finance",
    body: { ids: ["{charge}", "nothing-such"], reason: "product_issue" },
  },
  "POST /api/refund-batches/csv": {
    handler: batchFile as Declared,
    path: "/api/refund-batches/csv?dryRun=1&fileName=batch.csv",
    role: "finance",
    raw: {
      type: "text/csv",
      text: "transaction,amount,reason,note\n{charge},1.00,product_issue,\nnothing-such,,other,\n",
    },
  },
  "POST /api/chargebacks/{id}/files": {
    handler: addEvidence as Declared,
    path: "/api/chargebacks/x/files?name=receipt.pdf",
    role: "manager",
    id: "chargeback",
    raw: {
      type: "application/octet-stream",
      text: "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
    },
  },
  "GET /api/ready": { handler: ready as Declared, path: "/api/ready" },
  "GET /api/health": { handler: health as Declared, path: "/api/health" },
};
