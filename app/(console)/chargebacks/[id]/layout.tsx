import { recordLayout } from "@/lib/platform/auth/record-gate";
import { chargebackExists } from "@/lib/chargebacks/case";
import { caseParams } from "@/lib/chargebacks/schemas";

// An unknown chargeback id answers a real 404, before the skeleton beside the page streams.
export default recordLayout("chargebacks.read", caseParams, ({ id }) => chargebackExists(id));
