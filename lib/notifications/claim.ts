import "server-only";
import { pool } from "@/lib/platform/db";

// The outbox's claim (ADR 0003's way): SKIP LOCKED, a claim time limit, and a row marked only by its attempt.

/** Longer than a send may take (the SMTP transport's time-outs are 10 s to connect, 30 s idle; chat's 10 s). */
export const CLAIM_SECONDS = 120;
export const MAX_ATTEMPTS = 8;
export const BATCH = 20;

/** Seconds before attempt n+1: 15 s, 30 s, 1 min … up to an hour. */
export const backoffSeconds = (attempts: number) => Math.min(15 * 2 ** (attempts - 1), 3600);

export type Claimed = { id: string; attempts: number };

const QUEUES = {
  email: "notification_deliveries WHERE channel = 'email' AND",
  chat: "notification_chat_deliveries WHERE",
  digest: "notification_digests WHERE",
  report: "report_dispatches WHERE",
} as const;
const TABLE = {
  email: "notification_deliveries",
  chat: "notification_chat_deliveries",
  digest: "notification_digests",
  report: "report_dispatches",
} as const;

/** `at`: the clock (tests move it; quiet hours and digests are times of day); the database's by default. */
export async function claimDue(queue: keyof typeof QUEUES, limit = BATCH, at?: Date): Promise<Claimed[]> {
  const { rows } = await pool.query<Claimed>(
    `UPDATE ${TABLE[queue]} SET attempts = attempts + 1,
            next_attempt_at = COALESCE($3::timestamptz, now()) + make_interval(secs => $2)
      WHERE id IN (
        SELECT id FROM ${QUEUES[queue]} status = 'pending' AND next_attempt_at <= COALESCE($3::timestamptz, now())
         ORDER BY next_attempt_at LIMIT $1 FOR UPDATE SKIP LOCKED)
      RETURNING id::text, attempts`,
    [limit, CLAIM_SECONDS, at ?? null],
  );
  return rows;
}

/** The claimed row, as only its own attempt may update it. */
export const claimedRow = (claim: Claimed) => ({ id: claim.id, attempts: claim.attempts, status: "pending" as const });

/** What an attempt writes: sent, or its reason and a retry after back-off, or failed. */
export function attemptData(claim: Claimed, error: string | null, final = false) {
  if (error === null) return { status: "sent" as const, sentAt: new Date(), reason: null };
  const reason = error.slice(0, 500);
  if (final || claim.attempts >= MAX_ATTEMPTS) return { status: "failed" as const, reason };
  return { reason, nextAttemptAt: new Date(Date.now() + backoffSeconds(claim.attempts) * 1000) };
}

export const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);
