import { route } from "@/lib/platform/api/route";
import { ApiError } from "@/lib/platform/api/errors";
import { db } from "@/lib/platform/db";
import { transactionIdSchema } from "@/lib/ledger/schemas";
import { listOperations } from "@/lib/operations/view";
import { operationRoom } from "@/lib/operations/room";

// The console's captures, refunds and cancels on one charge, and what is left for the next.
export const GET = route({ permission: "transactions.read", params: transactionIdSchema }, async ({ params }) => {
  const known = await db.ledgerTransaction.findUnique({ where: { id: params.id }, select: { id: true } });
  if (!known) throw new ApiError("not_found", "No transaction with this id in the ledger.");
  return { operations: await listOperations({ transactionId: params.id }, 200), room: await operationRoom(params.id) };
});
