import { requirePageUser } from "@/lib/platform/auth/session";
import { can } from "@/lib/platform/auth/permissions";
import { titled } from "@/lib/platform/i18n/server";
import { listExceptions } from "@/lib/reconciliation/query";
import { EXCEPTIONS_PAGE, exceptionList } from "@/lib/reconciliation/search-params";
import { PrefetchedList, prefetchOf } from "@/components/data-table/prefetched-list";
import { ExceptionList } from "./_components/exception-list";
import type { PageSearch } from "@/lib/platform/api/list-state";

export const generateMetadata = titled("reconciliation", "title");

const prefetch = prefetchOf(exceptionList, (f) => listExceptions({ ...f, limit: EXCEPTIONS_PAGE }));

export default async function ReconciliationPage({ searchParams }: PageSearch) {
  const user = await requirePageUser("reconciliation.read");
  return (
    <PrefetchedList queries={[await prefetch(searchParams)]}>
      <ExceptionList canManage={can(user, "reconciliation.manage")} />
    </PrefetchedList>
  );
}
