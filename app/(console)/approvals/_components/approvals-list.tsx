"use client";

import { approvalList } from "@/lib/operations/approvals-search-params";
import { usePagedList } from "@/components/data-table/use-paged-list";
import { FilterBar, FilterText } from "@/components/data-table/list-filters";
import { ListPager } from "@/components/data-table/list-pager";
import { useTranslations } from "@/lib/platform/i18n/client";
import { ApprovalsTable } from "./approval-columns";

/** The approvals queue in the browser: its filters, its page of requests and its pager, from the URL. */
export function ApprovalsList() {
  const t = useTranslations("approvals");
  const { filter, query, page, unpaged, filterBar, table, pager } = usePagedList(approvalList);
  // Not an empty queue that looks like "nothing waiting": the page's error boundary says what failed.
  if (query.isError) throw query.error;
  const rows = page?.approvals ?? [];
  return (
    <>
      <FilterBar
        key={unpaged}
        {...filterBar()}
        // A currency as typed ("usd") is the code it names, as on the transactions list.
        onApply={(v) =>
          void filter(approvalList.load({ ...v, ...(v.currency ? { currency: v.currency.trim().toUpperCase() } : {}) }))
        }
      >
        <FilterText label={t("filters.requestedBy")} name="requestedBy" />
        <FilterText label={t("filters.currency")} name="currency" placeholder="USD" />
      </FilterBar>
      <ApprovalsTable {...table(rows, { noun: [t("nounOne"), t("nounOther")], money: (r) => r.op })} />
      <ListPager {...pager()} />
    </>
  );
}
