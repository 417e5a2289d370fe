import { requirePageUser } from "@/lib/platform/auth/session";
import { can } from "@/lib/platform/auth/permissions";
import { listNotifications } from "@/lib/webhooks/query";
import { INBOX_PAGE, inboxList, inboxListOptions } from "@/lib/webhooks/search-params";
import { PrefetchedList } from "@/components/data-table/prefetched-list";
import { getTranslations, titled } from "@/lib/platform/i18n/server";
import { InboxList } from "./_components/inbox-list";
import { PageHeader } from "@/components/ui/page-header";
import type { PageSearch } from "@/lib/platform/api/list-state";

export const generateMetadata = titled("webhooks", "title");

export default async function WebhooksPage({ searchParams }: PageSearch) {
  const user = await requirePageUser("webhooks.read");
  const state = await inboxList.load(searchParams);
  const t = await getTranslations("webhooks");
  const load = () => listNotifications({ ...inboxList.filter(state), limit: INBOX_PAGE });

  return (
    <div className="space-y-4">
      <PageHeader title={t("title")}>{t("description")}</PageHeader>
      <PrefetchedList queries={[{ queryKey: inboxListOptions(inboxList.search(state)).queryKey, load }]}>
        <InboxList manage={can(user, "webhooks.manage")} />
      </PrefetchedList>
    </div>
  );
}
