import Link from "next/link";
import { requirePageUser } from "@/lib/platform/auth/session";
import { getPreferences, getTranslations, titled } from "@/lib/platform/i18n/server";
import { readInbox } from "@/lib/notifications/inbox";
import { NOTIFICATIONS_PAGE, notificationList } from "@/lib/notifications/search-params";
import { PrefetchedList } from "@/components/data-table/prefetched-list";
import { PageHeader } from "@/components/ui/page-header";
import { NotificationList } from "./_components/notification-list";
import { EmailPreferences } from "./_components/email-preferences";
import { getPreferences as emailChoices, getQuietHours } from "@/lib/notifications/preferences";
import { hhmmOf } from "@/lib/notifications/modes";
import { preferenceForm } from "./_components/labels";
import type { PageSearch } from "@/lib/platform/api/list-state";

export const generateMetadata = titled("notifications", "title");

/**
 * The reader's notification centre (issue 35): their notifications, worded in their language and
 * zone, a page at a time through the list kit (unread only, one kind), each with its link and a
 * way to mark it read; then their e-mail choices.
 */
export default async function NotificationsPage({ searchParams }: PageSearch) {
  const user = await requirePageUser();
  const [t, prefs, state] = await Promise.all([
    getTranslations("notifications"),
    getPreferences(),
    notificationList.load(searchParams),
  ]);
  const [choices, quiet] = await Promise.all([emailChoices(user.id), getQuietHours(user.id)]);
  const load = () => readInbox(user.id, user, prefs, { ...notificationList.filter(state), limit: NOTIFICATIONS_PAGE });
  const form = await preferenceForm(choices, prefs.timeZone);
  const quietHours = quiet ? { start: hhmmOf(quiet.startMinute), end: hhmmOf(quiet.endMinute) } : null;
  return (
    <div className="space-y-5">
      <PageHeader title={t("title")}>{t("description")}</PageHeader>
      <PrefetchedList queries={[{ queryKey: notificationList.options(notificationList.search(state)).queryKey, load }]}>
        <NotificationList />
      </PrefetchedList>
      <EmailPreferences rows={form.rows} quiet={quietHours} labels={form.labels} />
      <p>
        <Link className="text-sm text-brand-600 hover:underline" href="/notifications/reports">
          {t("list.reportsLink")}
        </Link>
      </p>
    </div>
  );
}
