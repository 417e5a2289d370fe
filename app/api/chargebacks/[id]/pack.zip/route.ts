import { route } from "@/lib/platform/api/route";
import { attachment } from "@/lib/platform/api/attachment";
import { evidencePack } from "@/lib/chargebacks/pack-build";
import { preferencesOf } from "@/lib/platform/i18n/server";
import { caseParams, packQuery } from "@/lib/chargebacks/schemas";

// The evidence pack's PDF with every evidence file, as one ZIP (?locale=&timeZone= as the PDF). Audited.
export const GET = route(
  {
    doc: {
      tag: "Chargebacks",
      summary: "Download a case's evidence pack with its files as ZIP",
      description:
        "the evidence pack's PDF with every evidence file, as one ZIP, `?locale=&timeZone=` as the PDF; audited",
      produces: "application/zip",
    },
    permission: "chargebacks.read",
    params: caseParams,
    query: packQuery,
  },
  async ({ params, query, actor }) => {
    const reader = await preferencesOf(actor.user);
    const pack = await evidencePack(params.id, "zip", actor, { ...reader, ...query });
    return attachment(pack.body, pack.name, pack.contentType);
  },
);
