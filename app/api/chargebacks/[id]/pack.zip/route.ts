import { route } from "@/lib/api/route";
import { packDownload } from "@/lib/chargebacks/pack-download";
import { caseParams } from "@/lib/chargebacks/schemas";

// The evidence pack's PDF with every evidence file, as one ZIP. Audited.
export const GET = route({ permission: "chargebacks.read", params: caseParams }, async ({ params, actor }) =>
  packDownload(params.id, "zip", actor),
);
