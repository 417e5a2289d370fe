import { requirePageUser } from "@/lib/platform/auth/session";
import { operationsPage } from "@/lib/operations/view";
import { OPERATIONS_PAGE, operationList, operationListOptions } from "@/lib/operations/search-params";
import { PrefetchedList } from "@/components/data-table/prefetched-list";
import { OperationsList } from "./_components/operations-list";
import { getTranslations, titled } from "@/lib/platform/i18n/server";
import { PageHeader } from "@/components/ui/page-header";
import type { PageSearch } from "@/lib/platform/api/list-state";

export const generateMetadata = titled("operations", "title");

/** Every capture, refund and cancel the console asked for, newest first: the reconciliation view. */
export default async function OperationsPage({ searchParams }: PageSearch) {
  await requirePageUser("transactions.read");
  const t = await getTranslations("operations");
  const state = await operationList.load(searchParams);
  const load = () => operationsPage({ ...operationList.filter(state), limit: OPERATIONS_PAGE });
  return (
    <div className="space-y-4">
      <PageHeader title={t("title")}>{t("description")}</PageHeader>
      <PrefetchedList queries={[{ queryKey: operationListOptions(operationList.search(state)).queryKey, load }]}>
        <OperationsList />
      </PrefetchedList>
    </div>
  );
}
