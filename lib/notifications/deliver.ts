import "server-only";
import { pool, db } from "@/lib/platform/db";
import { preferencesOf } from "@/lib/platform/i18n/server";
import { getSettings } from "@/lib/platform/settings/service";
import { sendMail, type Mail } from "@/lib/platform/mail/transport";
import { log } from "@/lib/platform/log";
import { renderMail } from "./render";

// Sending the e-mail rows of the outbox, in every instance's job workers. A worker claims rows
// with FOR UPDATE SKIP LOCKED and moves their next attempt past the claim's end: two instances
// never hold the same row, and one killed mid-send lets it go when the claim runs out. A row
// is marked sent only by the attempt that claimed it (attempts match), so a late finisher of
// an expired claim cannot mark or retry a row another worker took. A failure is retried with
// back-off up to MAX_ATTEMPTS, then failed with its reason. Every attempt of one row carries
// the same Message-ID, so a receiver can tell a message sent again after a kill mid-send.

/** Longer than a send may take (the transport's time-outs are 10 s to connect, 30 s idle). */
export const CLAIM_SECONDS = 120;
export const MAX_ATTEMPTS = 8;
const BATCH = 20;

/** Seconds before attempt n+1: 15 s, 30 s, 1 min … up to an hour. */
export const backoffSeconds = (attempts: number) => Math.min(15 * 2 ** (attempts - 1), 3600);

type Claimed = { id: string; attempts: number };

export async function claimEmails(limit = BATCH): Promise<Claimed[]> {
  const { rows } = await pool.query<Claimed>(
    `UPDATE notification_deliveries SET attempts = attempts + 1,
            next_attempt_at = now() + make_interval(secs => $2)
      WHERE id IN (
        SELECT id FROM notification_deliveries
         WHERE channel = 'email' AND status = 'pending' AND next_attempt_at <= now()
         ORDER BY next_attempt_at LIMIT $1 FOR UPDATE SKIP LOCKED)
      RETURNING id::text, attempts`,
    [limit, CLAIM_SECONDS],
  );
  return rows;
}

type Send = (mail: Mail) => Promise<void>;

async function deliverOne(claim: Claimed, send: Send, baseUrl: string) {
  const row = await db.notificationDelivery.findUnique({
    where: { id: claim.id },
    include: { event: true, user: { select: { email: true, name: true, locale: true, timeZone: true } } },
  });
  if (!row) return;
  const mine = { id: claim.id, attempts: claim.attempts, status: "pending" as const };
  try {
    const prefs = await preferencesOf(row.user);
    const message = renderMail(row.event, row.user, prefs, baseUrl);
    await send({ to: row.user.email, ...message, messageId: `<${row.id}@merchant-console>` });
    await db.notificationDelivery.updateMany({
      where: mine,
      data: { status: "sent", sentAt: new Date(), reason: null },
    });
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    const last = claim.attempts >= MAX_ATTEMPTS;
    await db.notificationDelivery.updateMany({
      where: mine,
      data: last
        ? { status: "failed", reason }
        : { reason, nextAttemptAt: new Date(Date.now() + backoffSeconds(claim.attempts) * 1000) },
    });
    log.warn(`[notifications] e-mail ${row.id} attempt ${claim.attempts} failed: ${reason}`);
  }
}

/** Sends what is due, batch after batch, until nothing is; returns how many rows were tried. */
export async function deliverDue(send: Send = (mail) => sendMail(mail)): Promise<number> {
  const baseUrl = (await getSettings()).publicUrl;
  let tried = 0;
  for (;;) {
    const claims = await claimEmails();
    if (!claims.length) return tried;
    tried += claims.length;
    await Promise.all(claims.map((claim) => deliverOne(claim, send, baseUrl)));
  }
}
