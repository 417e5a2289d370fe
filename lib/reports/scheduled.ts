import "server-only";
import {
  drainMail,
  attemptData,
  claimedRow,
  reasonOf,
  type Claimed,
  addDays,
  DIGEST_MINUTE,
  localTime,
  htmlOfText,
} from "@/lib/notifications";
import { db } from "@/lib/platform/db";
import { can, isPermission } from "@/lib/platform/auth/permissions";
import { preferencesOfPerson, translatorFor } from "@/lib/platform/i18n/translator";
import { sendMail, type Mail } from "@/lib/platform/mail/transport";
import { log } from "@/lib/platform/log";
import { REPORT_LINK_HOURS, REPORT_PERMISSION, type ReportFrequency } from "./scheduled-kinds";

type Period = { period: string; from: string; to: string };

/** The period a report is due for at this local time, or null (not its day, or before 08:00). */
export function periodDue(frequency: ReportFrequency, at: Date, timeZone: string): Period | null {
  const local = localTime(at, timeZone);
  if (local.minute < DIGEST_MINUTE) return null;
  const yesterday = addDays(local.day, -1);
  if (frequency === "daily") return { period: local.day, from: yesterday, to: yesterday };
  if (frequency === "weekly")
    return local.weekday === 1 ? { period: `week-${local.day}`, from: addDays(local.day, -7), to: yesterday } : null;
  return local.date === 1
    ? { period: local.day.slice(0, 7), from: `${yesterday.slice(0, 7)}-01`, to: yesterday }
    : null;
}

const PERSON = {
  id: true,
  role: true,
  disabled: true,
  locale: true,
  timeZone: true,
  staffRole: { select: { permissions: true } },
} as const;

/** Writes the dispatches due at `now`; returns how many are new. */
export async function scheduleReports(now = new Date()): Promise<number> {
  const subscriptions = await db.reportSubscription.findMany({
    include: { user: { select: PERSON } },
  });
  const roles = [...new Set(subscriptions.flatMap((s) => (s.role ? [s.role] : [])))];
  const members = roles.length
    ? await db.user.findMany({
        where: { role: { in: roles }, disabled: false },
        select: PERSON,
      })
    : [];
  const expiresAt = new Date(now.getTime() + REPORT_LINK_HOURS * 3600_000);
  const rows = [];
  for (const s of subscriptions) {
    const people = s.user ? [s.user] : members.filter((m) => m.role === s.role);
    for (const person of people) {
      const grants = { permissions: person.staffRole.permissions.filter(isPermission) };
      if (person.disabled || !can(grants, REPORT_PERMISSION[s.report])) continue;
      const due = periodDue(s.frequency, now, (await preferencesOfPerson(person)).timeZone);
      if (!due) continue;
      rows.push({ subscriptionId: s.id, userId: person.id, period: due.period, fromDay: due.from, toDay: due.to });
    }
  }
  if (!rows.length) return 0;
  const { count } = await db.reportDispatch.createMany({
    data: rows.map((r) => ({ ...r, expiresAt, nextAttemptAt: now })),
    skipDuplicates: true,
  });
  return count;
}

type Send = (mail: Mail) => Promise<void>;

async function sendOne(claim: Claimed, send: Send, baseUrl: string): Promise<string | null> {
  const row = await db.reportDispatch.findUnique({
    where: { id: claim.id },
    include: { subscription: true, user: { select: { email: true, name: true, locale: true, timeZone: true } } },
  });
  if (!row) return null;
  let error: string | null = null;
  try {
    const prefs = await preferencesOfPerson(row.user);
    const t = translatorFor(prefs, "notifications");
    const report = t(`reports.kinds.${row.subscription.report}`);
    const url = new URL(`/api/reports/scheduled/${row.id}`, baseUrl || "http://localhost").toString();
    const values = { report, from: row.fromDay, to: row.toDay };
    const text = [
      t("mail.greeting", { name: row.user.name }),
      "",
      t("reports.mail.body", values),
      "",
      url,
      "",
      t("reports.mail.expires", { hours: REPORT_LINK_HOURS }),
      "",
      "--",
      t("mail.footer"),
      "",
    ].join("\n");
    await send({
      to: row.user.email,
      subject: t("reports.mail.subject", values),
      text,
      html: htmlOfText(text, prefs.locale),
      messageId: `<report-${row.id}@merchant-console>`,
    });
  } catch (e) {
    error = reasonOf(e);
    log.warn(`[reports] scheduled report ${row.id} attempt ${claim.attempts} failed: ${error}`);
  }
  await db.reportDispatch.updateMany({ where: claimedRow(claim), data: attemptData(claim, error) });
  return error;
}

/** E-mails the dispatches that are due; returns how many were tried. */
export const sendReports = (send: Send = (mail) => sendMail(mail), at?: Date) =>
  drainMail("report", (claim, baseUrl) => sendOne(claim, send, baseUrl), at);
