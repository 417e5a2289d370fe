import "server-only";
import { db, inTransaction } from "@/lib/platform/db";
import { notifySql, operationUnknown } from "@/lib/notifications";
import { lockOperation } from "./rows";

// An operation still unknown ten minutes after it was asked tells finance and its requester, once.

export const UNKNOWN_AFTER_MS = 10 * 60_000;

/** Records the reminders due now that were not recorded yet; returns how many it recorded. */
export async function remindUnknownOperations(now = Date.now()): Promise<number> {
  const due = await db.$queryRaw<{ id: string }[]>`
    SELECT o.id::text FROM operations o
     WHERE o.status = 'unknown' AND o.created_at <= ${new Date(now - UNKNOWN_AFTER_MS)}
       AND NOT EXISTS (SELECT 1 FROM notification_events e WHERE e.once_key = 'operation-unknown:' || o.id::text)
     ORDER BY o.created_at LIMIT 500`;
  let told = 0;
  for (const { id } of due) {
    // Still unknown when told: read under a lock in the transaction that records the event.
    told += await inTransaction(async (tx) => {
      const op = await lockOperation(tx, id);
      if (op?.status !== "unknown") return 0;
      await notifySql((text, params) => tx.query(text, params), operationUnknown(op));
      return 1;
    });
  }
  return told;
}
