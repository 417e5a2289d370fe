import { requirePageUser } from "@/lib/platform/auth/session";
import { can } from "@/lib/platform/auth/permissions";
import { titled } from "@/lib/platform/i18n/server";
import { listExceptions } from "@/lib/reconciliation/query";
import { EXCEPTIONS_PAGE, exceptionListOptions } from "@/lib/reconciliation/query-options";
import { exceptionList } from "@/lib/reconciliation/search-params";
import { PrefetchedList } from "@/components/data-table/prefetched-list";
import { ExceptionList } from "./_components/exception-list";
import type { PageSearch } from "@/lib/platform/api/list-state";

export const generateMetadata = titled("reconciliation", "title");

export default async function ReconciliationPage({ searchParams }: PageSearch) {
  const user = await requirePageUser("reconciliation.read");
  const state = await exceptionList.load(searchParams);
  const load = () => listExceptions({ ...exceptionList.filter(state), limit: EXCEPTIONS_PAGE });
  return (
    <PrefetchedList queries={[{ queryKey: exceptionListOptions(exceptionList.search(state)).queryKey, load }]}>
      <ExceptionList canManage={can(user, "reconciliation.manage")} />
    </PrefetchedList>
  );
}
