import { route } from "@/lib/platform/api/route";
import { attachment } from "@/lib/platform/api/attachment";
import { evidencePack } from "@/lib/chargebacks/pack-build";
import { preferencesOf } from "@/lib/platform/i18n/server";
import { caseParams, packQuery } from "@/lib/chargebacks/schemas";

// The evidence pack as one PDF, in the language and zone asked for (?locale=&timeZone=, the reader's by default) (charge, customer, timeline, shipping, notes, list of files). Audited.
export const GET = route(
  {
    doc: {
      tag: "Chargebacks",
      summary: "Download a case's evidence pack as PDF",
      description:
        "the evidence pack as one PDF (charge, customer, timeline, shipping, notes, list of files), `?locale=` (en or zh-CN) and `&timeZone=` (the reader's when absent; the pack names its zone); audited",
      produces: "application/pdf",
    },
    permission: "chargebacks.read",
    params: caseParams,
    query: packQuery,
  },
  async ({ params, query, actor }) => {
    const reader = await preferencesOf(actor.user);
    const pack = await evidencePack(params.id, "pdf", actor, { ...reader, ...query });
    return attachment(pack.body, pack.name, pack.contentType);
  },
);
