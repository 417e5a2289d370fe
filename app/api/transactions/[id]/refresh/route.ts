import { route } from "@/lib/platform/api/route";
import { transactionIdSchema } from "@/lib/upi/ids";
import { refreshTransaction } from "@/lib/ledger/service";
import { transactionDetailSchema } from "@/lib/ledger/answers";

export const POST = route(
  {
    response: transactionDetailSchema,
    doc: {
      tag: "Ledger",
      summary: "Refresh a transaction from the payment service",
      description: "inquire again and update the row; adds a timeline event; answers the transaction as `GET` does",
      errors: ["upstream_error"],
    },
    permission: "transactions.read",
    params: transactionIdSchema,
    action: "transaction.refresh",
  },
  async ({ params, actor }) => refreshTransaction(params.id, actor),
);
