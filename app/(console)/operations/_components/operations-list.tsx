"use client";

import { OPERATION_STATUSES } from "@/lib/operations/statuses";
import { operationList } from "@/lib/operations/search-params";
import { usePagedList } from "@/components/data-table/use-paged-list";
import { FilterBar, FilterSelect } from "@/components/data-table/list-filters";
import { ListPager } from "@/components/data-table/list-pager";
import { useTranslations } from "@/lib/platform/i18n/client";
import { OperationsTable } from "./operations-columns";

/** The operations list in the browser: its filter, its page of rows and its pager, all from the URL. */
export function OperationsList() {
  const t = useTranslations("operations");
  const { query, page, pager, unpaged, filterBar, table } = usePagedList(operationList);
  // Not an empty table that looks like "no results": the page's error boundary says what failed.
  if (query.isError) throw query.error;
  return (
    <>
      <FilterBar key={unpaged} {...filterBar()}>
        <FilterSelect
          label={t("statusFilter")}
          name="status"
          options={OPERATION_STATUSES}
          text={(s) => t(`statusLabels.${s}`)}
        />
      </FilterBar>
      <OperationsTable
        {...table(page?.operations ?? [], { noun: [t("nounOne"), t("nounOther")], money: (op) => op })}
      />
      <ListPager {...pager()} />
    </>
  );
}
