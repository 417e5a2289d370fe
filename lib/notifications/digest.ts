import "server-only";
import { drainMail } from "./deliver";
import { db, pool } from "@/lib/platform/db";
import { preferencesOfPerson, translatorFor } from "@/lib/platform/i18n/translator";
import { sendMail, type Mail } from "@/lib/platform/mail/transport";
import { log } from "@/lib/platform/log";
import { htmlOfText, renderNotification } from "./render";
import { attemptData, claimedRow, reasonOf, type Claimed } from "./claim";
import { DIGEST_MINUTE, localTime } from "./modes";

// One digest row per person and local day (unique), written with the rows it gathers: two instances make one.

type Send = (mail: Mail) => Promise<void>;

/** Gathers the waiting rows of everyone whose morning has come; returns how many digests were made. */
export async function gatherDigests(now = new Date()): Promise<number> {
  const { rows } = await pool.query<{ user_id: string; locale: string | null; time_zone: string | null }>(
    `SELECT DISTINCT u.id::text AS user_id, u.locale, u.time_zone
       FROM notification_deliveries d JOIN users u ON u.id = d.user_id
      WHERE d.channel = 'email' AND d.status = 'digest' AND d.digest_id IS NULL AND d.created_at <= $1`,
    [now],
  );
  let made = 0;
  for (const row of rows) {
    const { timeZone } = await preferencesOfPerson({ locale: row.locale, timeZone: row.time_zone });
    const local = localTime(now, timeZone);
    if (local.minute < DIGEST_MINUTE) continue;
    const cutoff = new Date(
      Math.floor(now.getTime() / 1000) * 1000 - ((local.minute - DIGEST_MINUTE) * 60 + local.second) * 1000,
    );
    made += await db.$transaction(async (tx) => {
      const [waiting] = await tx.$queryRaw<{ n: number }[]>`
        SELECT count(*)::int AS n FROM notification_deliveries
         WHERE user_id = ${row.user_id}::uuid AND channel = 'email' AND status = 'digest'
           AND digest_id IS NULL AND created_at < ${cutoff}`;
      if (!waiting?.n) return 0;
      const inserted = await tx.$queryRaw<{ id: string }[]>`
        INSERT INTO notification_digests (id, user_id, day, next_attempt_at)
        VALUES (gen_random_uuid(), ${row.user_id}::uuid, ${local.day}, ${now})
        ON CONFLICT (user_id, day) DO NOTHING RETURNING id::text`;
      const digest = inserted[0];
      if (!digest) return 0;
      await tx.$executeRaw`
        UPDATE notification_deliveries SET digest_id = ${digest.id}::uuid
         WHERE user_id = ${row.user_id}::uuid AND channel = 'email' AND status = 'digest'
           AND digest_id IS NULL AND created_at < ${cutoff}`;
      return 1;
    });
  }
  return made;
}

async function sendOne(claim: Claimed, send: Send, baseUrl: string): Promise<string | null> {
  const digest = await db.notificationDigest.findUnique({
    where: { id: claim.id },
    include: {
      user: { select: { email: true, name: true, locale: true, timeZone: true } },
      deliveries: { include: { event: true }, orderBy: { createdAt: "asc" } },
    },
  });
  if (!digest) return null;
  let error: string | null = null;
  try {
    const prefs = await preferencesOfPerson(digest.user);
    const t = translatorFor(prefs, "notifications");
    const items = digest.deliveries.map(({ event }) => {
      const { subject, body } = renderNotification(event, prefs);
      const url = event.link && baseUrl ? new URL(event.link, baseUrl).toString() : null;
      return [`- ${subject}`, `  ${body}`, ...(url ? [`  ${url}`] : [])].join("\n");
    });
    const count = digest.deliveries.length;
    const text = [
      t("mail.greeting", { name: digest.user.name }),
      "",
      t("digest.intro", { count }),
      "",
      ...items,
      "",
      "--",
      t("mail.footer"),
      "",
    ].join("\n");
    await send({
      to: digest.user.email,
      subject: t("digest.subject", { count, day: digest.day }),
      text,
      html: htmlOfText(text, prefs.locale),
      messageId: `<digest-${digest.id}@merchant-console>`,
    });
  } catch (e) {
    error = reasonOf(e);
    log.warn(`[notifications] digest ${digest.id} attempt ${claim.attempts} failed: ${error}`);
  }
  const data = attemptData(claim, error);
  const { count } = await db.notificationDigest.updateMany({ where: claimedRow(claim), data });
  if (count && data.status)
    await db.notificationDelivery.updateMany({
      where: { digestId: digest.id, status: "digest" },
      data: { status: data.status, sentAt: data.status === "sent" ? new Date() : null, reason: data.reason },
    });
  return error;
}

/** Sends the digests that are due; returns how many were tried. */
export const sendDigests = (send: Send = (mail) => sendMail(mail), at?: Date) =>
  drainMail("digest", (claim, baseUrl) => sendOne(claim, send, baseUrl), at);
