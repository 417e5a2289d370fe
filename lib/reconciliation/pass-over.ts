import "server-only";
import { db } from "@/lib/platform/db";
import { UpiError } from "@/lib/upi";

// A charge the provider keeps answering with a server error must not stall its run: the run
// waits at it (the provider may be back in a minute) MAX_TRIES times, then passes it over,
// listed on the run as not checked; the next run asks again. No answer at all (a time-out, the
// network) and failures of our access (401/403, token codes) keep the run waiting at the same
// charge, as before: they say nothing about this charge, and every charge would meet them.

export const MAX_TRIES = 3;

/**
 * The provider answered about this charge with a server error (5xx). "Too many requests" (429)
 * is about the console's pace, not the charge: the run waits. A 5xx counts only when the provider
 * still answers about another charge (runSlice asks it about the last one checked), so an
 * outage that answers 503 to everything keeps the run waiting instead of passing charges over.
 */
export const answeredWithError = (error: unknown) =>
  error instanceof UpiError && error.httpStatus !== null && error.httpStatus >= 500;

/**
 * Counts a failed try at charge `id` of a run whose cursor stood at `after`: true when the charge
 * is passed over now (listed as not checked, the cursor past it), false when the run waits and
 * asks again. A worker that lost the run's cursor to another changes nothing.
 */
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
