"use client";

import { approvalList, approvalListOptions } from "@/lib/operations/approvals-search-params";
import { useList } from "@/components/data-table/use-list";
import { FilterBar, FilterText } from "@/components/data-table/list-filters";
import { ListPager } from "@/components/data-table/list-pager";
import { ListSummary, pageSummary } from "@/components/data-table/list-summary";
import { useTranslations } from "@/lib/platform/i18n/client";
import { type ApprovalRow, ApprovalsTable } from "./approval-columns";

/** The approvals queue in the browser: its filters, its page of requests and its pager, from the URL. */
export function ApprovalsList() {
  const t = useTranslations("approvals");
  const { state, filter, query, issues, pager } = useList(approvalList, approvalListOptions<ApprovalRow>);
  // Not an empty queue that looks like "nothing waiting": the page's error boundary says what failed.
  if (query.isError) throw query.error;
  const page = query.data;
  const rows = page?.approvals ?? [];
  return (
    <>
      <FilterBar
        key={approvalList.search({ ...state, cursor: null })}
        issues={issues}
        views="approvals"
        // A currency as typed ("usd") is the code it names, as on the transactions list.
        onApply={(v) =>
          void filter(approvalList.load({ ...v, ...(v.currency ? { currency: v.currency.trim().toUpperCase() } : {}) }))
        }
        onClear={() => void filter({ requestedBy: null, currency: null })}
      >
        <FilterText label={t("filters.requestedBy")} name="requestedBy" value={state.requestedBy} />
        <FilterText label={t("filters.currency")} name="currency" value={state.currency} placeholder="USD" />
      </FilterBar>
      <ApprovalsTable
        rows={rows}
        loading={query.isPending}
        busy={query.isFetching}
        footer={
          page && (
            <ListSummary
              summary={pageSummary(
                rows.map((r) => r.op),
                page.nextCursor !== null,
                (op) => op,
                page.older,
              )}
              noun={[t("nounOne"), t("nounOther")]}
              money
            />
          )
        }
      />
      <ListPager {...pager("/approvals", page)} />
    </>
  );
}
