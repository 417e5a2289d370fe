import { route } from "@/lib/platform/api/route";
import { assignOwner } from "@/lib/chargebacks/work";
import { caseParams, ownerBody } from "@/lib/chargebacks/schemas";

// Give the case to a manager (or take it back: null). Audited.
export const PUT = route(
  { permission: "chargebacks.manage", params: caseParams, body: ownerBody, action: "chargeback.assign" },
  async ({ params, body, actor }) => {
    await assignOwner(params.id, body.ownerId, actor);
    return { ok: true };
  },
);
