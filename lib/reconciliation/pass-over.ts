import "server-only";
import { db } from "@/lib/platform/db";
import { UpiError } from "@/lib/upi";

// A charge the provider keeps answering with a server error must not stall its run.

export const MAX_TRIES = 3;

/** The provider answered about this charge with a server error (5xx). */
export const answeredWithError = (error: unknown) =>
  error instanceof UpiError && error.httpStatus !== null && error.httpStatus >= 500;

/** Counts a failed try at charge `id` of a run whose cursor stood at `after`. */
export async function failedAt(runId: string, after: string | null, id: string): Promise<boolean> {
  const [row] = await db.$queryRaw<{ stuck_tries: number }[]>`
    UPDATE reconciliation_runs
       SET stuck_tries = CASE WHEN stuck_id = ${id} THEN stuck_tries + 1 ELSE 1 END,
           stuck_id = ${id}, calls = calls + 1
     WHERE id = ${runId}::uuid AND finished_at IS NULL AND cursor IS NOT DISTINCT FROM ${after}
    RETURNING stuck_tries`;
  if (!row || row.stuck_tries < MAX_TRIES) return false;
  const moved = await db.$executeRaw`
    UPDATE reconciliation_runs
       SET cursor = ${id}, not_checked = array_append(coalesce(not_checked, '{}'), ${id}),
           stuck_id = NULL, stuck_tries = 0
     WHERE id = ${runId}::uuid AND finished_at IS NULL AND cursor IS NOT DISTINCT FROM ${after}`;
  return moved > 0;
}
