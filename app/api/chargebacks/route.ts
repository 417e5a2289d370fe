import { route } from "@/lib/api/route";
import { chargebackFilterSchema, chargebackSummary, listChargebacks } from "@/lib/chargebacks/query";

// Chargebacks with their history (`status`, `q` = chargeback id, charge id or reference) and the summary.
export const GET = route({ permission: "chargebacks.read", query: chargebackFilterSchema }, async ({ query }) => ({
  chargebacks: await listChargebacks(query),
  summary: await chargebackSummary(),
}));
