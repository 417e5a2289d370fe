import { route } from "@/lib/platform/api/route";
import { chargebackBreakdown, reportingMonths } from "@/lib/chargebacks/summary";
import { summaryQuery } from "@/lib/chargebacks/schemas";

// By status, reason and month opened (?from=YYYY-MM&to=YYYY-MM, 12 months by default): amount at
// risk, won, lost, win rate; and the chargeback rate against charges per month (the Reports rule).
export const GET = route({ permission: "chargebacks.read", query: summaryQuery }, async ({ query }) =>
  chargebackBreakdown(await reportingMonths(query)),
);
