import "server-only";
import type { Actor } from "@/lib/platform/auth/actor";
import { audit } from "@/lib/platform/audit/log";
import type { Preferences } from "@/lib/platform/i18n/translator";
import { getChargebackCaseOrThrow } from "./case";
import { evidencePdf, evidenceZip } from "./pack";
import { listFilesWithData } from "./work";
import { safeFileName } from "./evidence";

/** The case's evidence pack as a PDF, or a ZIP of the PDF and every file, in a language and zone; audited. */
export async function evidencePack(id: string, kind: "pdf" | "zip", actor: Actor, prefs: Preferences) {
  const c = await getChargebackCaseOrThrow(id);
  const pdf = await evidencePdf(c, actor.user.email, prefs);
  const base = `chargeback-${safeFileName(c.id)}`;
  const body = kind === "pdf" ? pdf : evidenceZip(pdf, c.id, await listFilesWithData(id));
  await audit({
    actor,
    action: `chargeback.pack.${kind}`,
    result: "ok",
    targetType: "chargeback",
    targetId: id,
    detail: { files: c.files.length, bytes: body.byteLength, locale: prefs.locale, timeZone: prefs.timeZone },
  });
  return { body, name: `${base}.${kind}`, contentType: kind === "pdf" ? "application/pdf" : "application/zip" };
}
