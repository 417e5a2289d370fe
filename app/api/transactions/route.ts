import { route } from "@/lib/api/route";
import { transactionFilterSchema } from "@/lib/ledger/filters";
import { listTransactions } from "@/lib/ledger/query";

export const GET = route({ permission: "transactions.read", query: transactionFilterSchema }, async ({ query }) =>
  listTransactions(query),
);
