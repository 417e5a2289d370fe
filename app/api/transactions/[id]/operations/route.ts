import { route } from "@/lib/platform/api/route";
import { ApiError } from "@/lib/platform/api/errors";
import { db } from "@/lib/platform/db";
import { transactionIdSchema } from "@/lib/upi/ids";
import { listOperations } from "@/lib/operations/view";
import { operationRoom } from "@/lib/operations/room";
import { chargeOperationsSchema } from "@/lib/operations/answers";

export const GET = route(
  {
    response: chargeOperationsSchema,
    doc: {
      tag: "Ledger",
      summary: "List the console's operations on a charge",
      description: "the console's operations on the charge, and `room: { capture, refund }` left for the next one",
    },
    permission: "transactions.read",
    params: transactionIdSchema,
  },
  async ({ params }) => {
    const known = await db.ledgerTransaction.findUnique({ where: { id: params.id }, select: { id: true } });
    if (!known) throw new ApiError("not_found", "No transaction with this id in the ledger.");
    return {
      operations: await listOperations({ transactionId: params.id }, 200),
      room: await operationRoom(params.id),
    };
  },
);
