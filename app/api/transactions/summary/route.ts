import { route } from "@/lib/platform/api/route";
import { preferencesOf } from "@/lib/platform/i18n/server";
import { transactionFilterSchema } from "@/lib/ledger/filters";
import { summarizeTransactions } from "@/lib/ledger/summary";
import { listSummarySchema } from "@/lib/platform/api/answers";

export const GET = route(
  {
    response: listSummarySchema,
    doc: {
      tag: "Ledger",
      summary: "Count and total the filtered transactions",
      description:
        "the same filters as `GET /api/transactions`; `{ count, more, totals, basis, authorized, estimate? }`: the filtered set's count, exact and uncapped for any combination of status, type, method, currency, country and a day range (from totals the ledger keeps, whatever its size), with `totals` per currency (minor units) what the matching charges net (`basis: net`: each charge's captured − refunded, whatever rows the filter leaves out — captures, cancels and refunds add nothing of their own), or with refunds alone what they refunded (`basis: refunded`), or `[]` for captures or cancels alone, and `authorized` what is authorized and not yet captured; with search text, a customer or amount bounds, counted from the rows within 500 ms, else `estimate: true`, the planner's estimate of the count, and `totals: null`",
    },
    permission: "transactions.read",
    query: transactionFilterSchema,
  },
  async ({ query, actor }) => summarizeTransactions({ ...query, timeZone: (await preferencesOf(actor.user)).timeZone }),
);
