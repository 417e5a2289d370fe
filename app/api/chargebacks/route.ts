import { route } from "@/lib/platform/api/route";
import { chargebackFilterSchema } from "@/lib/chargebacks/schemas";
import { listChargebacks } from "@/lib/chargebacks/query";

// Chargebacks with their history (`status`, `q` = chargeback id, charge id or reference), newest
// opened first, a page at a time (`limit`, `cursor` from `nextCursor`), and the summary.
export const GET = route({ permission: "chargebacks.read", query: chargebackFilterSchema }, async ({ query }) =>
  listChargebacks(query),
);
