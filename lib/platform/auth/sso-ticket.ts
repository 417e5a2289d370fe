import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { pool } from "@/lib/platform/db";

// A sign-in lib/sso proved, waiting (five minutes, once, five wrong codes) for next-auth's "sso" provider.

export const SSO_TICKET_COOKIE = "console-sso-ticket";
const TICKET_SECONDS = 300;
const MAX_FAILURES = 5;
const hash = (ticket: string) => createHash("sha256").update(ticket).digest("hex");

/** `factor`: how the person proved a second factor at the provider ("amr:mfa", "acr:…"), or "none". */
export async function createTicket(input: {
  userId: string;
  needsCode: boolean;
  factor: string;
  callbackUrl: string;
}): Promise<{ ticket: string; maxAge: number }> {
  const ticket = randomBytes(32).toString("base64url");
  await pool.query(
    `INSERT INTO sso_tickets (id_hash, user_id, needs_code, factor, callback_url, expires_at)
     VALUES ($1, $2, $3, $4, $5, now() + make_interval(secs => $6))`,
    [hash(ticket), input.userId, input.needsCode, input.factor, input.callbackUrl, TICKET_SECONDS],
  );
  // Tickets are of no use after their five minutes: the table stays small.
  await pool.query("DELETE FROM sso_tickets WHERE expires_at < now() - interval '1 day'");
  return { ticket, maxAge: TICKET_SECONDS };
}

export type Ticket = { userId: string; needsCode: boolean; factor: string; callbackUrl: string };

/** The live ticket (unused, unexpired, not worn out by wrong codes), without using it. */
export async function peekTicket(ticket: string): Promise<Ticket | null> {
  const { rows } = await pool.query<{ user_id: string; needs_code: boolean; factor: string; callback_url: string }>(
    `SELECT user_id, needs_code, factor, callback_url FROM sso_tickets
      WHERE id_hash = $1 AND used_at IS NULL AND expires_at > now() AND failures < $2`,
    [hash(ticket), MAX_FAILURES],
  );
  const r = rows[0];
  return r ? { userId: r.user_id, needsCode: r.needs_code, factor: r.factor, callbackUrl: r.callback_url } : null;
}

/** Uses the ticket; false when another request used it first. */
export async function spendTicket(ticket: string): Promise<boolean> {
  const { rowCount } = await pool.query(
    "UPDATE sso_tickets SET used_at = now() WHERE id_hash = $1 AND used_at IS NULL AND expires_at > now()",
    [hash(ticket)],
  );
  return rowCount === 1;
}

export async function countWrongCode(ticket: string): Promise<void> {
  await pool.query("UPDATE sso_tickets SET failures = failures + 1 WHERE id_hash = $1", [hash(ticket)]);
}
