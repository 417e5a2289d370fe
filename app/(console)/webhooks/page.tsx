import { requirePageUser } from "@/lib/platform/auth/session";
import { can } from "@/lib/platform/auth/permissions";
import { listNotifications } from "@/lib/webhooks/query";
import { INBOX_PAGE, inboxList } from "@/lib/webhooks/search-params";
import { PrefetchedList, prefetchOf } from "@/components/data-table/prefetched-list";
import { getTranslations, titled } from "@/lib/platform/i18n/server";
import { InboxList } from "./_components/inbox-list";
import { PageHeader } from "@/components/ui/page-header";
import type { PageSearch } from "@/lib/platform/api/list-state";

export const generateMetadata = titled("webhooks", "title");

const prefetch = prefetchOf(inboxList, (f) => listNotifications({ ...f, limit: INBOX_PAGE }));

export default async function WebhooksPage({ searchParams }: PageSearch) {
  const user = await requirePageUser("webhooks.read");
  const t = await getTranslations("webhooks");

  return (
    <div className="space-y-4">
      <PageHeader title={t("title")}>{t("description")}</PageHeader>
      <PrefetchedList queries={[await prefetch(searchParams)]}>
        <InboxList manage={can(user, "webhooks.manage")} />
      </PrefetchedList>
    </div>
  );
}
