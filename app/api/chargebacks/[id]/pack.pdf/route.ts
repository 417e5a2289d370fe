import { route } from "@/lib/platform/api/route";
import { attachment } from "@/lib/platform/api/attachment";
import { evidencePack } from "@/lib/chargebacks/pack-build";
import { caseParams } from "@/lib/chargebacks/schemas";

// The evidence pack as one PDF (charge, customer, timeline, shipping, notes, list of files). Audited.
export const GET = route({ permission: "chargebacks.read", params: caseParams }, async ({ params, actor }) => {
  const pack = await evidencePack(params.id, "pdf", actor);
  return attachment(pack.body, pack.name, pack.contentType);
});
