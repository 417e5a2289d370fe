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

/**
 * Refunds waiting for a second person, newest first, a page at a time, each with what the
 * approver weighs: its charge's amounts, what is left to refund on it, and whether the
 * request is the reader's own (which they may not decide).
 */
export async function approvalsPage(f: ApprovalFilter, reader: { email: string }) {
  const { rows, nextCursor, older } = await pageOperations({ ...f, status: "pending_approval" });
  // Only what the row shows: the whole rows carried each charge's stored payload, parsed and dropped.
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
  // One statement for the page: a query per row made the queue ~150 ms at 50 rows.
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

/**
 * The approvals page's "recently decided": the last approvals and rejections, newest first,
 * from the index on decided_at (without it, every /approvals page read the whole operations
 * table: 40 ms a request at 100,000 operations, issue 36).
 */
export const recentlyDecided = (limit = 20) =>
  db.operation.findMany({ where: { decidedAt: { not: null } }, orderBy: { decidedAt: "desc" }, take: limit });
