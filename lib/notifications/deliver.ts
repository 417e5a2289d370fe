import "server-only";
import { db } from "@/lib/platform/db";
import { preferencesOfPerson } from "@/lib/platform/i18n/translator";
import { getSettings } from "@/lib/platform/settings/service";
import { sendMail, type Mail } from "@/lib/platform/mail/transport";
import { log } from "@/lib/platform/log";
import { renderMail } from "./render";
import { attemptData, claimDue, claimedRow, reasonOf, type Claimed } from "./claim";
import { recordTransport } from "./transports";
import { quietUntil, URGENT } from "./modes";
import type { NotificationKind } from "./kinds";
import { mayRead } from "./readers";
import { isPermission } from "@/lib/platform/auth/permissions";

export { CLAIM_SECONDS, MAX_ATTEMPTS, backoffSeconds } from "./claim";

export const claimEmails = (limit?: number, at?: Date) => claimDue("email", limit, at);

type Send = (mail: Mail) => Promise<void>;

/** Sends one claimed row; the error's reason when it failed, null when sent (or gone). */
export async function deliverOne(claim: Claimed, send: Send, baseUrl: string, now: Date): Promise<string | null> {
  const row = await db.notificationDelivery.findUnique({
    where: { id: claim.id },
    include: {
      event: true,
      user: {
        select: {
          email: true,
          name: true,
          locale: true,
          timeZone: true,
          notificationQuietHours: true,
          staffRole: { select: { permissions: true } },
        },
      },
    },
  });
  if (!row) return null;
  if (!mayRead({ permissions: row.user.staffRole.permissions.filter(isPermission) }, row.event.kind)) {
    await db.notificationDelivery.updateMany({
      where: claimedRow(claim),
      data: attemptData(claim, "the recipient's role no longer allows it", true),
    });
    return null;
  }
  const prefs = await preferencesOfPerson(row.user);
  const quiet = row.user.notificationQuietHours;
  const until =
    quiet && !URGENT.includes(row.event.kind as NotificationKind) ? quietUntil(now, prefs.timeZone, quiet) : null;
  if (until) {
    await db.notificationDelivery.updateMany({
      where: claimedRow(claim),
      data: { attempts: claim.attempts - 1, nextAttemptAt: until, reason: "quiet hours" },
    });
    return null;
  }
  let error: string | null = null;
  try {
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
export const deliverDue = (send: Send = (mail) => sendMail(mail), at?: Date) =>
  drainMail("email", (claim, baseUrl) => deliverOne(claim, send, baseUrl, at ?? new Date()), at);

/** Drains one queue of e-mail (the outbox's rows, the digests, the scheduled reports). */
export async function drainMail(
  queue: "email" | "digest" | "report",
  sendOne: (claim: Claimed, baseUrl: string) => Promise<string | null>,
  at?: Date,
): Promise<number> {
  const baseUrl = (await getSettings()).publicUrl;
  let tried = 0;
  for (;;) {
    const claims = await claimDue(queue, undefined, at);
    if (!claims.length) return tried;
    tried += claims.length;
    const errors = await Promise.all(claims.map((claim) => sendOne(claim, baseUrl)));
    await recordTransport("email", {
      ok: errors.filter((e) => e === null).length,
      error: errors.findLast((e) => e !== null) ?? null,
    });
  }
}
