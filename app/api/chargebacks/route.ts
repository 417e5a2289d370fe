import { route } from "@/lib/platform/api/route";
import { chargebackFilterSchema } from "@/lib/chargebacks/schemas";
import { listChargebacks } from "@/lib/chargebacks/query";
import { chargebackListSchema } from "@/lib/chargebacks/answers";

export const GET = route(
  {
    response: chargebackListSchema,
    doc: {
      tag: "Chargebacks",
      summary: "List chargebacks",
      description:
        "the chargebacks matching, newest opened first, a page at a time (`limit` 1–200, default 50; `nextCursor`, `older`: false when the cursor was not one the list gave, and the first page came back), filtered by `q` (a fragment of the chargeback id or reference, 3+ characters, or a charge id), `status`, and `atRisk=1` (every case waiting on the merchant's response: Notification of Claim, Request For Information); a value the list cannot use is ignored, with their history, `respondBy`, `daysLeft`, `urgency`, `owner` and `href` (the case page), and `summary` (amount by status and currency, won, lost, win rate)",
    },
    permission: "chargebacks.read",
    query: chargebackFilterSchema,
  },
  async ({ query }) => listChargebacks(query),
);
