"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { transactionList, transactionSummaryOptions } from "@/lib/ledger/search-params";
import { useList } from "@/components/data-table/use-list";
import { FilterIssues } from "@/components/data-table/list-filters";
import { DataTable } from "@/components/data-table/data-table";
import { selectionKit } from "@/components/data-table/select-column";
import { ListSummary } from "@/components/data-table/list-summary";
import { useRowSelection } from "@/components/data-table/use-row-selection";
import { useMemo } from "react";
import dynamic from "next/dynamic";
import { FormLoading } from "@/components/form/lazy";
import { useTranslations } from "@/lib/platform/i18n/client";
import { columnsFor, DEFAULT_HIDDEN } from "./columns";
import { Filters } from "./filters";
import { RefundSelected } from "./refund-selected";

// The import-by-id form after the page's first load (components/form/lazy.tsx says why).
export const ImportForm = dynamic(() => import("./import-form").then((m) => m.ImportForm), {
  ssr: false,
  loading: () => <FormLoading />,
});

const button = "rounded-md border border-slate-300 bg-white px-3 py-1.5 disabled:opacity-40";

export function TransactionsTable({ selectable }: { selectable: boolean }) {
  const { state, setState, search, query, issues } = useList(transactionList);
  // Its own request: the page of rows never waits for the count and totals.
  const summary = useQuery({ ...transactionSummaryOptions(search), placeholderData: keepPreviousData });
  const t = useTranslations("transactions");
  const columns = useMemo(() => columnsFor(t), [t]);
  // The selected transactions (`selection.ids`), for the bulk actions of those who may move money.
  const selection = useRowSelection();

  if (query.isError)
    return (
      <div
        role="alert"
        data-testid="transactions-error"
        className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800"
      >
        {t("list.loadError", { message: query.error.message })}{" "}
        <button type="button" className="underline" onClick={() => void query.refetch()}>
          {t("list.tryAgain")}
        </button>
      </div>
    );

  return (
    <DataTable
      list="transactions"
      testId="transactions-table"
      rowTestId="transaction-row"
      columns={columns}
      data={query.data?.rows ?? []}
      getRowId={(row) => row.id}
      loading={query.isPending}
      busy={query.isFetching}
      empty={t("list.empty")}
      defaultHidden={DEFAULT_HIDDEN}
      selection={
        selectable
          ? { ...selection, kit: selectionKit, actions: (rows) => <RefundSelected ids={rows.map((r) => r.id)} /> }
          : undefined
      }
      sort={{
        key: state.sort,
        dir: state.dir,
        onSort: (key) => {
          const sort = key === "amount" ? "amount" : "time";
          const dir = state.sort === sort && state.dir === "desc" ? "asc" : "desc";
          void setState({ sort, dir, cursor: null });
        },
      }}
      filters={
        <FilterIssues value={issues}>
          <Filters state={state} setState={setState} />
        </FilterIssues>
      }
      actions={
        <a
          href={`/api/transactions/export.csv${search ? `?${search.replace(/(^|&)cursor=[^&]*/g, "")}` : ""}`}
          className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium hover:bg-slate-50"
          data-testid="export-csv"
        >
          {t("list.export")}
        </a>
      }
      footer={
        <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
          <ListSummary
            summary={summary.isError ? undefined : summary.data}
            noun={[t("list.nounOne"), t("list.nounOther")]}
            money
          />
          <div className="flex gap-2">
            <button
              type="button"
              disabled={!state.cursor}
              onClick={() => void setState({ cursor: null })}
              className={button}
            >
              {t("list.firstPage")}
            </button>
            <button
              type="button"
              disabled={!query.data?.nextCursor}
              onClick={() => void setState({ cursor: query.data?.nextCursor ?? null })}
              className={button}
            >
              {t("list.nextPage")}
            </button>
          </div>
        </div>
      }
    />
  );
}
