import { route } from "@/lib/platform/api/route";
import { caseParams, tieBody } from "@/lib/chargebacks/schemas";
import { tieChargeback } from "@/lib/chargebacks/tie";

// Tie a chargeback no inquiry lists yet to the charge it disputes (once; audited).
export const PUT = route(
  { permission: "chargebacks.manage", params: caseParams, body: tieBody, action: "chargeback.tie" },
  async ({ params, body, actor }) => tieChargeback(params.id, body.chargeId, actor),
);
