import { route } from "@/lib/platform/api/route";
import { chargebackBreakdown, reportingMonths } from "@/lib/reports/chargebacks";
import { summaryQuery } from "@/lib/chargebacks/schemas";
import { chargebackBreakdownSchema } from "@/lib/chargebacks/answers";

export const GET = route(
  {
    response: chargebackBreakdownSchema,
    doc: {
      tag: "Chargebacks",
      summary: "Break chargebacks down by status, reason and month",
      description:
        "by status, reason and month opened (`YYYY-MM`, 12 months by default, at most 24; a month outside 1970-01–2999-12 is 422 naming that range): cases, disputed, at risk, won, lost, win rate; the chargeback rate against charges per month (the Reports rule)",
    },
    permission: "chargebacks.read",
    query: summaryQuery,
  },
  async ({ query }) => chargebackBreakdown(await reportingMonths(query)),
);
