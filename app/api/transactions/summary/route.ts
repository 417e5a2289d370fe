import { route } from "@/lib/platform/api/route";
import { preferencesOf } from "@/lib/platform/i18n/server";
import { transactionFilterSchema } from "@/lib/ledger/filters";
import { summarizeTransactions } from "@/lib/ledger/summary";

// The list's count and totals, apart from GET /api/transactions so the page of rows is not slowed by them.
export const GET = route(
  { permission: "transactions.read", query: transactionFilterSchema },
  async ({ query, actor }) => summarizeTransactions({ ...query, timeZone: (await preferencesOf(actor.user)).timeZone }),
);
