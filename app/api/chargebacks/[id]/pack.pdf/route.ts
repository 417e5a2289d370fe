import { route } from "@/lib/api/route";
import { packDownload } from "@/lib/chargebacks/pack-download";
import { caseParams } from "@/lib/chargebacks/schemas";

// The evidence pack as one PDF (charge, customer, timeline, shipping, notes, list of files). Audited.
export const GET = route({ permission: "chargebacks.read", params: caseParams }, async ({ params, actor }) =>
  packDownload(params.id, "pdf", actor),
);
