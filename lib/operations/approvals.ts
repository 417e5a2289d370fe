import "server-only";
import type { z } from "zod";
import { db } from "@/lib/platform/db";
import { limitParam } from "@/lib/platform/api/keyset";
import { filterSchemaOf } from "@/lib/platform/api/list-schema";
import { minorToNumber } from "@/lib/platform/money";
import { approvalSearchParams } from "./approvals-search-params";
import { refundRooms } from "./room";
import { pageOperations } from "./view";

/** GET /api/approvals: the queue's URL state (./approvals-search-params.ts), plus the page size. */
export const approvalListQuerySchema = filterSchemaOf(approvalSearchParams).extend({ limit: limitParam });
export type ApprovalFilter = Partial<z.infer<typeof approvalListQuerySchema>> & { limit: number };

/** Refunds waiting for a second person. */
export async function approvalsPage(f: ApprovalFilter, reader: { email: string }) {
  const { rows, nextCursor, older } = await pageOperations({ ...f, status: "pending_approval" });
  const charges = new Map(
    (
      await db.ledgerTransaction.findMany({
        where: { id: { in: rows.map((p) => p.transactionId) } },
        select: {
          id: true,
          reference: true,
          method: true,
          amount: true,
          amountCaptured: true,
          amountRefunded: true,
          currency: true,
        },
      })
    ).map((c) => [c.id, c]),
  );
  const rooms = await refundRooms(rows);
  const approvals = rows.map((op) => {
    const charge = charges.get(op.transactionId);
    return {
      op,
      charge: charge
        ? {
            reference: charge.reference,
            method: charge.method,
            amount: Number(charge.amount),
            captured: minorToNumber(charge.amountCaptured),
            refunded: minorToNumber(charge.amountRefunded) ?? 0,
            currency: charge.currency,
          }
        : null,
      left: rooms.get(op.id) ?? 0,
      own: op.requestedBy === reader.email,
    };
  });
  return { approvals, nextCursor, older };
}

/** The approvals page's "recently decided". */
export const recentlyDecided = (limit = 20) =>
  db.operation.findMany({ where: { decidedAt: { not: null } }, orderBy: { decidedAt: "desc" }, take: limit });
