import type { Metadata } from "next";
import { requirePageUser } from "@/lib/platform/auth/session";
import { can } from "@/lib/platform/auth/permissions";
import { getTranslations } from "@/lib/platform/i18n/server";
import { listExceptions } from "@/lib/reconciliation/query";
import { EXCEPTIONS_PAGE, exceptionListOptions } from "@/lib/reconciliation/query-options";
import { exceptionList } from "@/lib/reconciliation/search-params";
import { PrefetchedList } from "@/components/data-table/prefetched-list";
import { ExceptionList } from "./_components/exception-list";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("reconciliation"))("title") };
}

export default async function ReconciliationPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requirePageUser("reconciliation.read");
  const state = await exceptionList.load(searchParams);
  const load = () => listExceptions({ ...exceptionList.filter(state), limit: EXCEPTIONS_PAGE });
  return (
    <PrefetchedList queries={[{ queryKey: exceptionListOptions(exceptionList.search(state)).queryKey, load }]}>
      <ExceptionList canManage={can(user, "reconciliation.manage")} />
    </PrefetchedList>
  );
}
