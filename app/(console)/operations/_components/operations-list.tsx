"use client";

import { OPERATION_STATUSES } from "@/lib/operations/statuses";
import { operationList, operationListOptions } from "@/lib/operations/search-params";
import { useList } from "@/components/data-table/use-list";
import { FilterBar, FilterSelect } from "@/components/data-table/list-filters";
import { ListPager } from "@/components/data-table/list-pager";
import { ListSummary, pageSummary } from "@/components/data-table/list-summary";
import { useTranslations } from "@/lib/platform/i18n/client";
import { OperationsTable } from "./operations-columns";

/** The operations list in the browser: its filter, its page of rows and its pager, all from the URL. */
export function OperationsList() {
  const t = useTranslations("operations");
  const { state, query, pager, unpaged, filterBar } = useList(operationList, operationListOptions);
  const page = query.data;
  // Not an empty table that looks like "no results": the page's error boundary says what failed.
  if (query.isError) throw query.error;
  return (
    <>
      <FilterBar key={unpaged} {...filterBar(["status"])} views="operations">
        <FilterSelect
          label={t("statusFilter")}
          name="status"
          value={state.status}
          options={OPERATION_STATUSES.map((s) => [s, t(`statusLabels.${s}`)] as const)}
        />
      </FilterBar>
      <OperationsTable
        rows={page?.operations ?? []}
        loading={query.isPending}
        busy={query.isFetching}
        footer={
          page && (
            <ListSummary
              summary={pageSummary(page.operations, page.nextCursor !== null, (op) => op, page.older)}
              noun={[t("nounOne"), t("nounOther")]}
              money
            />
          )
        }
      />
      <ListPager {...pager("/operations", page)} />
    </>
  );
}
