import type { Metadata } from "next";
import Link from "next/link";
import { requirePageUser } from "@/lib/platform/auth/session";
import { getFormat, getPreferences, getTranslations } from "@/lib/platform/i18n/server";
import { listNotifications } from "@/lib/notifications/inbox";
import { PageHeader } from "@/components/ui/page-header";
import { MarkRead } from "./_components/mark-read";
import { EmailPreferences } from "./_components/email-preferences";
import { getPreferences as emailChoices, getQuietHours } from "@/lib/notifications/preferences";
import { hhmmOf } from "@/lib/notifications/modes";
import { preferenceForm } from "./_components/labels";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("notifications");
  return { title: t("title") };
}

/**
 * The reader's notification centre (issue 35): their latest notifications, worded in their
 * language and zone, each with its link and a way to mark it read. Rendered on the server;
 * the only script is the mark-read buttons (the console's pages share a first-load budget).
 */
export default async function NotificationsPage() {
  const user = await requirePageUser();
  const [t, f, prefs] = await Promise.all([getTranslations("notifications"), getFormat(), getPreferences()]);
  const [items, choices, quiet] = await Promise.all([
    listNotifications(user.id, user, prefs),
    emailChoices(user.id),
    getQuietHours(user.id),
  ]);
  const form = await preferenceForm(choices, prefs.timeZone);
  const quietHours = quiet ? { start: hhmmOf(quiet.startMinute), end: hhmmOf(quiet.endMinute) } : null;
  const labels = { markRead: t("markRead"), markAllRead: t("markAllRead"), failed: t("failed") };
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <PageHeader title={t("title")}>{t("description")}</PageHeader>
        {items.some((n) => !n.read) && <MarkRead all labels={labels} />}
      </div>
      {items.length === 0 ? (
        <p className="text-slate-600">{t("empty")}</p>
      ) : (
        <ul
          className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white"
          data-testid="notifications"
        >
          {items.map((n) => (
            <li key={n.id} className="flex flex-wrap items-start gap-3 p-3" data-read={n.read} data-kind={n.kind}>
              <div className="min-w-0 flex-1">
                <p className={n.read ? "text-slate-700" : "font-semibold"}>
                  {!n.read && <span className="sr-only">{t("unread")}: </span>}
                  {n.subject}
                </p>
                <p className="text-sm text-slate-600">{n.body}</p>
                <p className="text-xs text-slate-500">{f.dateTime(n.createdAt)}</p>
              </div>
              {n.link && (
                <Link className="text-sm text-brand-600 hover:underline" href={n.link}>
                  {t("open")}
                </Link>
              )}
              {!n.read && <MarkRead id={n.id} labels={labels} />}
            </li>
          ))}
        </ul>
      )}
      <EmailPreferences rows={form.rows} quiet={quietHours} labels={form.labels} />
      <p>
        <Link className="text-sm text-brand-600 hover:underline" href="/notifications/reports">
          {t("reports.title")}
        </Link>
      </p>
    </div>
  );
}
