import { route } from "@/lib/platform/api/route";
import { preferencesOf } from "@/lib/platform/i18n/server";
import { transactionFilterSchema } from "@/lib/ledger/filters";
import { listTransactions } from "@/lib/ledger/query";

export const GET = route(
  { permission: "transactions.read", query: transactionFilterSchema },
  async ({ query, actor }) => listTransactions({ ...query, timeZone: (await preferencesOf(actor.user)).timeZone }),
);
