import { route } from "@/lib/platform/api/route";
import { getChargebackCaseOrThrow } from "@/lib/chargebacks/case";
import { caseParams } from "@/lib/chargebacks/schemas";

// One case: the chargeback, its charge, deadline, refunds, notifications, owner, notes and files.
export const GET = route({ permission: "chargebacks.read", params: caseParams }, async ({ params }) =>
  getChargebackCaseOrThrow(params.id),
);
