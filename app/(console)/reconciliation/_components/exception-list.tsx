"use client";

import Link from "next/link";
import { useMemo, useCallback } from "react";
import { tableOf } from "@/components/data-table/table-of";
import type { Column } from "@/components/data-table/types";
import type { ExceptionView } from "@/lib/reconciliation/query";
import type { Format } from "@/lib/platform/i18n/format";
import { useFormat, useTranslations } from "@/lib/platform/i18n/client";
import { statusLabelWith } from "@/lib/ledger/status-label";
import { FilterBar, FilterSelect, FilterText } from "@/components/data-table/list-filters";
import { ExportLink, ListPager, listHref } from "@/components/data-table/list-pager";
import { usePagedList } from "@/components/data-table/use-paged-list";
import { PageHeader } from "@/components/ui/page-header";
import { AGE_KEYS, EXCEPTION_KINDS, STATES } from "@/lib/reconciliation/kinds";
import { exceptionList } from "@/lib/reconciliation/search-params";
import { ResolveForm } from "./resolve-form";
import { RunsPanel } from "./runs-panel";

type T = ReturnType<typeof useTranslations<"reconciliation">>;
type TS = ReturnType<typeof useTranslations<"statuses">>;
type Said = ExceptionView["ledger"];

/** What a side says, in words: its status, its amount in the charge's currency, or that it has none. */
function saidText(t: T, ts: TS, f: Format, said: Said, currency: string): string {
  if (said.present === false) return t("said.absent");
  const parts: string[] = [];
  if (typeof said.status === "string") parts.push(statusLabelWith(ts, said.status));
  if (typeof said.amount === "number") parts.push(currency ? f.money(said.amount, currency) : String(said.amount));
  if (said.amount === null) parts.push(t("said.none"));
  return parts.join(" · ") || t("said.none");
}

/** The subject: a field of the charge, or one of its captures, refunds or chargebacks by id. */
function Subject({ t, subject }: { t: T; subject: string }) {
  const [list, id] = subject.split(":");
  if (!id) return <span>{t(`subjects.${subject}` as "subjects.status")}</span>;
  return (
    <span>
      {t(`subjects.${list}` as "subjects.refund")}{" "}
      <code translate="no" className="font-mono text-xs wrap-anywhere">
        {id}
      </code>
    </span>
  );
}

const exceptionColumns = (t: T, ts: TS, f: Format, canResolve: boolean): Column<ExceptionView>[] => [
  {
    id: "charge",
    header: t("columns.charge"),
    meta: { pin: "left" },
    cell: ({ row: { original: e } }) => (
      <div className="max-w-56" data-testid="row-id">
        <Link
          className="inline-block py-1 font-medium text-brand-700 hover:underline wrap-anywhere"
          href={`/transactions/${encodeURIComponent(e.chargeId)}`}
          translate="no"
        >
          {e.reference ?? e.chargeId}
        </Link>
        {e.reference && <div className="whitespace-nowrap font-mono text-xs text-slate-600">{e.chargeId}</div>}
      </div>
    ),
  },
  {
    id: "kind",
    header: t("columns.kind"),
    meta: { keep: true },
    cell: ({ row: { original: e } }) => (
      <span className="whitespace-nowrap font-medium" data-kind={e.kind} data-testid="row-kind">
        {t(`kinds.${e.kind}`)}
      </span>
    ),
  },
  {
    id: "subject",
    header: t("columns.subject"),
    meta: { priority: 7 },
    cell: ({ row: { original: e } }) => <Subject t={t} subject={e.subject} />,
  },
  {
    id: "ledger",
    header: t("columns.ledger"),
    meta: { priority: 8 },
    cell: ({ row: { original: e } }) => saidText(t, ts, f, e.ledger, e.currency),
  },
  {
    id: "provider",
    header: t("columns.provider"),
    // What the difference is about: never dropped to fit.
    meta: { keep: true },
    cell: ({ row: { original: e } }) => saidText(t, ts, f, e.provider, e.currency),
  },
  {
    id: "since",
    header: t("columns.since"),
    meta: { priority: 4 },
    cell: ({ row: { original: e } }) => (
      <span className="whitespace-nowrap">
        {f.dateTime(e.firstSeenAt)} · {t("ageDays", { days: e.ageDays })}
      </span>
    ),
  },
  {
    id: "resolution",
    header: t("columns.resolution"),
    meta: { pin: "right" },
    cell: ({ row }) => {
      const e = row.original;
      if (e.resolvedAt)
        return (
          <span className="text-xs text-slate-600">
            {e.resolvedBy ? t("resolvedBy", { who: e.resolvedBy, note: e.resolution ?? "" }) : t("appliedAt")}
          </span>
        );
      if (!canResolve) return <span className="text-xs text-slate-600">{t("openState")}</span>;
      // The form opens under the row (the table's expanded panel), not inside this cell.
      return (
        <button
          type="button"
          className="whitespace-nowrap rounded-md border border-slate-300 bg-white px-2 py-1 text-xs font-medium hover:bg-slate-50"
          aria-expanded={row.getIsExpanded()}
          onClick={row.getToggleExpandedHandler()}
          data-testid="resolve-open"
        >
          {t("resolve.open")}
        </button>
      );
    },
  },
];

const ExceptionsTable = tableOf<
  ExceptionView,
  { /** Open rows offer Resolve, whose form is `expanded` under the row. */ canResolve: boolean }
>({ list: "reconciliation", rowTestId: "exception", getRowId: (e) => e.id }, (extra) => {
  const t = useTranslations("reconciliation");
  const ts = useTranslations("statuses");
  const f = useFormat();
  const { canResolve } = extra;
  return { columns: useMemo(() => exceptionColumns(t, ts, f, canResolve), [t, ts, f, canResolve]), empty: null };
});

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
