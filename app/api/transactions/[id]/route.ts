import { route } from "@/lib/platform/api/route";
import { transactionIdSchema } from "@/lib/upi/ids";
import { getTransactionDetail } from "@/lib/ledger/service";
import { transactionDetailSchema } from "@/lib/ledger/answers";

export const GET = route(
  {
    response: transactionDetailSchema,
    doc: {
      tag: "Ledger",
      summary: "Read one transaction",
      description:
        "one transaction: amounts, left to capture and to refund, payment, customer email and name, cardholder, the consumer's payment links of a redirect/QR charge, captures and refunds, timeline, the last payload (masked pan only); the vault token (column and payload) only with `vault.read`, the charge token only with `charges.create` (null or absent otherwise)",
    },
    permission: "transactions.read",
    params: transactionIdSchema,
  },
  async ({ params, actor }) => getTransactionDetail(params.id, actor.user),
);
