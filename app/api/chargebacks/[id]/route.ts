import { route } from "@/lib/platform/api/route";
import { getChargebackCaseOrThrow } from "@/lib/chargebacks/case";
import { caseParams } from "@/lib/chargebacks/schemas";
import { chargebackCaseSchema } from "@/lib/chargebacks/answers";

export const GET = route(
  {
    response: chargebackCaseSchema,
    doc: {
      tag: "Chargebacks",
      summary: "Read one chargeback case",
      description:
        "one case: the charge (paid with, customer, shipping from captures), amount at risk, `respondBy`/`daysLeft` (the console's own rule from Settings → response windows: the API gives no deadline), history, refunds, notifications, owner, notes, files",
    },
    permission: "chargebacks.read",
    params: caseParams,
  },
  async ({ params }) => getChargebackCaseOrThrow(params.id),
);
