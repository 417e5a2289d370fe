"use client";

import { useCallback } from "react";
import { FilterBar, FilterSelect, FilterText } from "@/components/data-table/list-filters";
import { ListPager, listHref } from "@/components/data-table/list-pager";
import { useList } from "@/components/data-table/use-list";
import { PageHeader } from "@/components/ui/page-header";
import { useTranslations } from "@/lib/platform/i18n/client";
import { AGE_KEYS, EXCEPTION_KINDS, STATES } from "@/lib/reconciliation/kinds";
import type { ExceptionView } from "@/lib/reconciliation/query";
import { exceptionListOptions } from "@/lib/reconciliation/query-options";
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
  const { state, query, pager, unpaged, filterBar } = useList(exceptionList, exceptionListOptions, {
    // While a run goes on its figures move: read them again every few seconds.
    refetchInterval: (q) => (q.state.data?.runs.some((r) => !r.finishedAt) ? 3000 : false),
  });
  const expanded = useCallback((e: ExceptionView) => <ResolveForm exception={e} />, []);
  // Not an empty list that looks like "no differences": the section's error boundary says what failed.
  if (query.isError) throw query.error;
  const page = query.data;
  const rows = page?.exceptions ?? [];
  const filtered = state.kind || state.age || state.currency || state.charge || state.state !== "open";
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <PageHeader title={t("title")}>{t("description", { open: page?.open ?? 0 })}</PageHeader>
        <a
          href={listHref("/api/reconciliation/exceptions/export.csv", unpaged)}
          className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium hover:bg-slate-50"
          data-testid="export-exceptions"
        >
          {t("exportCsv")}
        </a>
      </div>

      {page && <RunsPanel runs={page.runs} canRun={canManage} />}

      <FilterBar key={unpaged} {...filterBar(["state", "kind", "age", "currency", "charge"])} views="reconciliation">
        <FilterSelect
          label={t("filters.state")}
          name="state"
          value={state.state}
          options={STATES.map((s) => [s, t(`states.${s}`)] as const)}
        />
        <FilterSelect
          label={t("filters.kind")}
          name="kind"
          value={state.kind}
          options={EXCEPTION_KINDS.map((k) => [k, t(`kinds.${k}`)] as const)}
        />
        <FilterSelect
          label={t("filters.age")}
          name="age"
          value={state.age}
          options={AGE_KEYS.map((a) => [a, t(`ages.${a}`)] as const)}
        />
        <FilterText label={t("filters.currency")} name="currency" value={state.currency} />
        <FilterText label={t("filters.charge")} name="charge" value={state.charge} />
      </FilterBar>

      <ExceptionsTable
        rows={rows}
        loading={query.isPending}
        busy={query.isFetching}
        canResolve={canManage && state.state === "open"}
        expanded={canManage ? expanded : undefined}
        empty={filtered ? t("emptyFiltered") : t("emptyNone")}
      />
      <ListPager {...pager("/reconciliation", page)} />
    </div>
  );
}
