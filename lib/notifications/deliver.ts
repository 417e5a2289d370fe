import "server-only";
import { db } from "@/lib/platform/db";
import { preferencesOf } from "@/lib/platform/i18n/server";
import { getSettings } from "@/lib/platform/settings/service";
import { sendMail, type Mail } from "@/lib/platform/mail/transport";
import { log } from "@/lib/platform/log";
import { renderMail } from "./render";
import { attemptData, claimDue, claimedRow, reasonOf, type Claimed } from "./claim";
import { recordTransport } from "./transports";

// Sending the e-mail rows of the outbox, in every instance's job workers, under the outbox's
// claim (claim.ts). Every attempt of one row carries the same Message-ID, so a receiver can
// tell a message sent again after a kill mid-send.

export { CLAIM_SECONDS, MAX_ATTEMPTS, backoffSeconds } from "./claim";

export const claimEmails = (limit?: number) => claimDue("email", limit);

type Send = (mail: Mail) => Promise<void>;

/** Sends one claimed row; the error's reason when it failed, null when sent (or gone). */
async function deliverOne(claim: Claimed, send: Send, baseUrl: string): Promise<string | null> {
  const row = await db.notificationDelivery.findUnique({
    where: { id: claim.id },
    include: { event: true, user: { select: { email: true, name: true, locale: true, timeZone: true } } },
  });
  if (!row) return null;
  let error: string | null = null;
  try {
    const prefs = await preferencesOf(row.user);
    const message = renderMail(row.event, row.user, prefs, baseUrl);
    await send({ to: row.user.email, ...message, messageId: `<${row.id}@merchant-console>` });
  } catch (e) {
    error = reasonOf(e);
    log.warn(`[notifications] e-mail ${row.id} attempt ${claim.attempts} failed: ${error}`);
  }
  await db.notificationDelivery.updateMany({ where: claimedRow(claim), data: attemptData(claim, error) });
  return error;
}

/** Sends what is due, batch after batch, until nothing is; returns how many rows were tried. */
export async function deliverDue(send: Send = (mail) => sendMail(mail)): Promise<number> {
  const baseUrl = (await getSettings()).publicUrl;
  let tried = 0;
  for (;;) {
    const claims = await claimEmails();
    if (!claims.length) return tried;
    tried += claims.length;
    const errors = await Promise.all(claims.map((claim) => deliverOne(claim, send, baseUrl)));
    // Settings shows SMTP's last error (issue 35): one write per batch.
    await recordTransport("email", {
      ok: errors.filter((e) => e === null).length,
      error: errors.findLast((e) => e !== null) ?? null,
    });
  }
}
