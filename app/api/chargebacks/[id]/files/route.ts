import { route } from "@/lib/platform/api/route";
import { created } from "@/lib/platform/api/responses";
import { BODY_LIMITS, readCappedBytes } from "@/lib/platform/http/body";
import { addFile } from "@/lib/chargebacks/work";
import { caseParams, uploadQuery } from "@/lib/chargebacks/schemas";
import { evidenceAnswerSchema } from "@/lib/chargebacks/answers";

// An evidence file: the raw bytes as the body, its name in ?name=. Counted as it arrives (10 MB,
// 413 past it); its type is decided from its content, never from the name or Content-Type (422
// when they disagree). Audited, refusals too.
export const POST = route(
  {
    response: evidenceAnswerSchema,
    doc: {
      tag: "Chargebacks",
      summary: "Add an evidence file to a case",
      consumes: "application/octet-stream",
      description:
        "the file's raw bytes (10 MB; 413 past it): PDF, PNG, JPEG or WebP decided from the content and matching the name (422 `file_type`, `file_type_mismatch`; `active_pdf` for script, actions, links or embedded files, names decoded and compressed streams read; `pdf_unchecked` for a stream in an encoding the check cannot read); kept in PostgreSQL; audited, refusals too → 201 `{ file: { id, name, contentType, size, sha256 } }`",
      status: 201,
      errors: ["payload_too_large"],
    },
    permission: "chargebacks.manage",
    params: caseParams,
    query: uploadQuery,
    action: "chargeback.file.upload",
  },
  async ({ params, query, req, actor }) => {
    const bytes = await readCappedBytes(req.body, BODY_LIMITS.evidence, req.headers.get("content-length"));
    return created({ file: await addFile(params.id, query.name, bytes, actor) });
  },
);
