import { route } from "@/lib/api/route";
import { transactionIdSchema } from "@/lib/ledger/schemas";
import { listOperations, operationRoom } from "@/lib/operations/service";

// The console's captures, refunds and cancels on one charge, and what is left for the next.
export const GET = route({ permission: "transactions.read", params: transactionIdSchema }, async ({ params }) => ({
  operations: await listOperations({ transactionId: params.id }, 200),
  room: await operationRoom(params.id),
}));
