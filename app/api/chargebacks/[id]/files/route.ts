import { route } from "@/lib/platform/api/route";
import { created } from "@/lib/platform/api/responses";
import { BODY_LIMITS, readCappedBytes } from "@/lib/platform/http/body";
import { addFile } from "@/lib/chargebacks/work";
import { caseParams, uploadQuery } from "@/lib/chargebacks/schemas";

// An evidence file: the raw bytes as the body, its name in ?name=. Counted as it arrives (10 MB,
// 413 past it); its type is decided from its content, never from the name or Content-Type (422
// when they disagree). Audited, refusals too.
export const POST = route(
  { permission: "chargebacks.manage", params: caseParams, query: uploadQuery, action: "chargeback.file.upload" },
  async ({ params, query, req, actor }) => {
    const bytes = await readCappedBytes(req.body, BODY_LIMITS.evidence, req.headers.get("content-length"));
    return created({ file: await addFile(params.id, query.name, bytes, actor) });
  },
);
