"use client";

import Link from "next/link";
import { FilterBar, FilterSelect, FilterText } from "@/components/data-table/list-filters";
import { ExportLink, ListPager, listHref } from "@/components/data-table/list-pager";
import { usePagedList } from "@/components/data-table/use-paged-list";
import { chargebackList } from "@/lib/chargebacks/search-params";
import { CHARGEBACK_STATUSES, type ChargebackStatus } from "@/lib/upi/chargeback-statuses";
import { useTranslations } from "@/lib/platform/i18n/client";
import { ChargebacksTable, statusLabel } from "./chargeback-columns";
import { ChargebackSummaryCards } from "./chargeback-summary";
import { PageHeader } from "@/components/ui/page-header";

/**
 * The chargebacks list in the browser: its head (the summary of every case), the filters, a
 * page of cases and its pager, from the query the page prefetched; a filter, a page or a status
 * in the summary is a URL change and a fetch of GET /api/chargebacks, not a server render.
 */
export function ChargebackList() {
  const t = useTranslations("chargebacks");
  const { state, filter, query, page, pager, unpaged, filterBar, table } = usePagedList(chargebackList);
  // Not an empty list that looks like "no chargebacks": the section's error boundary says what failed.
  if (query.isError) throw query.error;
  const rows = page?.chargebacks ?? [];
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <PageHeader title={t("title")}>{t("description")}</PageHeader>
        <Link href="/chargebacks/summary" className="text-sm text-brand-600 hover:underline" data-testid="summary-link">
          {t("summaryLink")}
        </Link>
        <ExportLink href={listHref("/api/chargebacks/export.csv", unpaged)} testId="export-chargebacks">
          {t("exportCsv")}
        </ExportLink>
      </div>

      {page && (
        <ChargebackSummaryCards
          summary={page.summary}
          hrefOf={(status) => listHref("/chargebacks", chargebackList.search({ status }))}
          onStatus={(status) => void filter({ q: null, status: status as ChargebackStatus })}
        />
      )}

      <FilterBar key={unpaged} {...filterBar()}>
        <FilterText label={t("filters.q")} name="q" />
        <FilterSelect
          label={t("filters.status")}
          name="status"
          options={CHARGEBACK_STATUSES}
          text={(s) => statusLabel(t, s)}
        />
      </FilterBar>

      <ChargebacksTable
        {...table(rows, { noun: [t("noun.one"), t("noun.other")], money: (c) => c })}
        empty={state.status || state.q ? t("emptyFiltered") : t("emptyNone")}
      />
      <ListPager {...pager()} />
    </div>
  );
}
