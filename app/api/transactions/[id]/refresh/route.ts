import { route } from "@/lib/platform/api/route";
import { transactionIdSchema } from "@/lib/ledger/schemas";
import { refreshTransaction } from "@/lib/ledger/service";

export const POST = route(
  { permission: "transactions.read", params: transactionIdSchema, action: "transaction.refresh" },
  async ({ params, actor }) => refreshTransaction(params.id, actor),
);
