import { route } from "@/lib/platform/api/route";
import { transactionIdSchema } from "@/lib/ledger/schemas";
import { getTransactionDetail } from "@/lib/ledger/service";

export const GET = route({ permission: "transactions.read", params: transactionIdSchema }, async ({ params, actor }) =>
  getTransactionDetail(params.id, actor.user),
);
