import { route } from "@/lib/platform/api/route";
import { assignOwner } from "@/lib/chargebacks/work";
import { caseParams, ownerBody } from "@/lib/chargebacks/schemas";
import { ownerSetSchema } from "@/lib/chargebacks/answers";

export const PUT = route(
  {
    response: ownerSetSchema,
    doc: {
      tag: "Chargebacks",
      summary: "Give a case to a manager",
      description: "`{ ownerId: uuid | null }`, an active manager; audited",
    },
    permission: "chargebacks.manage",
    params: caseParams,
    body: ownerBody,
    action: "chargeback.assign",
  },
  async ({ params, body, actor }) => {
    await assignOwner(params.id, body.ownerId, actor);
    return { ok: true };
  },
);
