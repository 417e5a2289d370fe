import { route } from "@/lib/platform/api/route";
import { caseParams, tieBody } from "@/lib/chargebacks/schemas";
import { tieChargeback } from "@/lib/chargebacks/tie";
import { tiedSchema } from "@/lib/chargebacks/answers";

export const PUT = route(
  {
    response: tiedSchema,
    doc: {
      tag: "Chargebacks",
      summary: "Tie a chargeback to the charge it disputes",
      description:
        "`{ chargeId }`: ties a chargeback not yet tied to a charge (a verified notification no inquiry lists yet; it shows on the list and the managers' home meanwhile) to a charge in the ledger of the same currency; 409 `chargeback_already_tied`, 404 for an unknown charge; audited. An inquiry that lists it ties it by itself. One tied by hand that an inquiry of another charge lists keeps its tie and shows that charge as `listedChargeId` (managers are told); `{ chargeId }` naming that charge moves it there (audited `chargeback.retie`), any other is 409",
      errors: ["conflict"],
    },
    permission: "chargebacks.manage",
    params: caseParams,
    body: tieBody,
    action: "chargeback.tie",
  },
  async ({ params, body, actor }) => tieChargeback(params.id, body.chargeId, actor),
);
