import "server-only";
import type { Actor } from "@/lib/auth/actor";
import { audit } from "@/lib/audit/log";
import { attachment } from "@/lib/api/attachment";
import { getChargebackCaseOrThrow } from "./case";
import { evidencePdf, evidenceZip } from "./pack";
import { listFilesWithData } from "./work";
import { safeFileName } from "./evidence";

/** The case's evidence pack as a PDF or a ZIP (the PDF and every file) download; audited. */
export async function packDownload(id: string, kind: "pdf" | "zip", actor: Actor): Promise<Response> {
  const c = await getChargebackCaseOrThrow(id);
  const pdf = await evidencePdf(c, actor.user.email);
  const base = `chargeback-${safeFileName(c.id)}`;
  const body = kind === "pdf" ? pdf : evidenceZip(pdf, c.id, await listFilesWithData(id));
  await audit({
    actor,
    action: `chargeback.pack.${kind}`,
    result: "ok",
    targetType: "chargeback",
    targetId: id,
    detail: { files: c.files.length, bytes: body.byteLength },
  });
  return attachment(body, `${base}.${kind}`, kind === "pdf" ? "application/pdf" : "application/zip");
}
