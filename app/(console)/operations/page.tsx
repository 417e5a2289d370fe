import { requirePageUser } from "@/lib/platform/auth/session";
import { operationsPage } from "@/lib/operations/view";
import { OPERATIONS_PAGE, operationList } from "@/lib/operations/search-params";
import { PrefetchedList, prefetchOf } from "@/components/data-table/prefetched-list";
import { OperationsList } from "./_components/operations-list";
import { getTranslations, titled } from "@/lib/platform/i18n/server";
import { PageHeader } from "@/components/ui/page-header";
import type { PageSearch } from "@/lib/platform/api/list-state";

export const generateMetadata = titled("operations", "title");

const prefetch = prefetchOf(operationList, (f) => operationsPage({ ...f, limit: OPERATIONS_PAGE }));

/** Every capture, refund and cancel the console asked for, newest first: the reconciliation view. */
export default async function OperationsPage({ searchParams }: PageSearch) {
  await requirePageUser("transactions.read");
  const t = await getTranslations("operations");
  return (
    <div className="space-y-4">
      <PageHeader title={t("title")}>{t("description")}</PageHeader>
      <PrefetchedList queries={[await prefetch(searchParams)]}>
        <OperationsList />
      </PrefetchedList>
    </div>
  );
}
