import { route } from "@/lib/platform/api/route";
import { attachment } from "@/lib/platform/api/attachment";
import { evidencePack } from "@/lib/chargebacks/pack-build";
import { caseParams } from "@/lib/chargebacks/schemas";

// The evidence pack's PDF with every evidence file, as one ZIP. Audited.
export const GET = route({ permission: "chargebacks.read", params: caseParams }, async ({ params, actor }) => {
  const pack = await evidencePack(params.id, "zip", actor);
  return attachment(pack.body, pack.name, pack.contentType);
});
