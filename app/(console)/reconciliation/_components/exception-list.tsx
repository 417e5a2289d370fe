"use client";

import { useCallback } from "react";
import { FilterBar, FilterSelect, FilterText } from "@/components/data-table/list-filters";
import { ExportLink, ListPager, listHref } from "@/components/data-table/list-pager";
import { usePagedList } from "@/components/data-table/use-paged-list";
import { PageHeader } from "@/components/ui/page-header";
import { useTranslations } from "@/lib/platform/i18n/client";
import { AGE_KEYS, EXCEPTION_KINDS, STATES } from "@/lib/reconciliation/kinds";
import type { ExceptionView } from "@/lib/reconciliation/query";
import { exceptionList } from "@/lib/reconciliation/search-params";
import { ExceptionsTable } from "./exception-columns";
import { ResolveForm } from "./resolve-form";
import { RunsPanel } from "./runs-panel";

/**
 * The differences the daily reconciliation found, from the query the page prefetched: the last
 * runs, the filters (kind, age, currency, open or closed), a page of rows and its pager. A
 * filter or a page is a URL change and a fetch of GET /api/reconciliation/exceptions.
 */
export function ExceptionList({ canManage }: { canManage: boolean }) {
  const t = useTranslations("reconciliation");
  const { state, query, page, pager, unpaged, filterBar, table } = usePagedList(exceptionList, {
    // While a run goes on its figures move: read them again every few seconds.
    refetchInterval: (q) => (q.state.data?.runs.some((r) => !r.finishedAt) ? 3000 : false),
  });
  const expanded = useCallback((e: ExceptionView) => <ResolveForm exception={e} />, []);
  // Not an empty list that looks like "no differences": the section's error boundary says what failed.
  if (query.isError) throw query.error;
  const rows = page?.exceptions ?? [];
  const filtered = state.kind || state.age || state.currency || state.charge || state.state !== "open";
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <PageHeader title={t("title")}>{t("description", { open: page?.open ?? 0 })}</PageHeader>
        <ExportLink href={listHref("/api/reconciliation/exceptions/export.csv", unpaged)} testId="export-exceptions">
          {t("exportCsv")}
        </ExportLink>
      </div>

      {page && <RunsPanel runs={page.runs} canRun={canManage} />}

      <FilterBar key={unpaged} {...filterBar()}>
        <FilterSelect label={t("filters.state")} name="state" options={STATES} text={(s) => t(`states.${s}`)} />
        <FilterSelect label={t("filters.kind")} name="kind" options={EXCEPTION_KINDS} text={(k) => t(`kinds.${k}`)} />
        <FilterSelect label={t("filters.age")} name="age" options={AGE_KEYS} text={(a) => t(`ages.${a}`)} />
        <FilterText label={t("filters.currency")} name="currency" />
        <FilterText label={t("filters.charge")} name="charge" />
      </FilterBar>

      <ExceptionsTable
        {...table(rows)}
        canResolve={canManage && state.state === "open"}
        expanded={canManage ? expanded : undefined}
        empty={filtered ? t("emptyFiltered") : t("emptyNone")}
      />
      <ListPager {...pager()} />
    </div>
  );
}
