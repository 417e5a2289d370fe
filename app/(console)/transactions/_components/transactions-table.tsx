"use client";

import Link from "next/link";
import { statusColumn } from "@/components/data-table/common-columns";
import type { Column } from "@/components/data-table/types";
import { ID_TEXT } from "@/components/data-table/cell-class";
import type { LedgerListItem } from "@/lib/ledger/query";
import { StatusBadge } from "@/components/records/ledger/status-badge";
import { CustomerLink } from "@/components/records/customers/customer-link";
import { DateTime, MethodName, Money } from "@/components/payments/format";
import { labelOr } from "@/lib/ledger/status-label";
import { useTranslations } from "@/lib/platform/i18n/client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { transactionList, transactionSummaryOptions } from "@/lib/ledger/search-params";
import { useList } from "@/components/data-table/use-list";
import { FilterIssues } from "@/components/data-table/list-filters";
import { DataTable } from "@/components/data-table/data-table";
import { selectionKit } from "@/components/data-table/select-column";
import { ListSummary } from "@/components/data-table/list-summary";
import { useRowSelection } from "@/components/data-table/use-row-selection";
import { useMemo } from "react";
import { Filters } from "./filters";
import { RefundSelected } from "./refund-selected";

type T = ReturnType<typeof useTranslations<"transactions">>;

// The transactions list's columns, defined once. The id is pinned; amount and status always
// show; the rest give way (lowest priority first) when the screen is narrow.
const columnsFor = (t: T): Column<LedgerListItem>[] => [
  {
    id: "id",
    header: t("list.columns.id"),
    meta: { pin: "left" },
    cell: ({ row }) => (
      <Link
        href={`/transactions/${encodeURIComponent(row.original.id)}`}
        className={`font-mono text-xs text-brand-700 hover:underline ${ID_TEXT}`}
        data-testid="row-id"
      >
        {row.original.id}
      </Link>
    ),
  },
  {
    id: "amount",
    header: t("list.columns.amount"),
    meta: { align: "right", keep: true, sortKey: "amount" },
    cell: ({ row }) => (
      <span className="whitespace-nowrap tabular-nums" data-testid="row-amount">
        <Money minor={row.original.amount} currency={row.original.currency} />
      </span>
    ),
  },
  statusColumn(t("list.columns.status"), (row) => <StatusBadge status={row.status} of={row} />),
  {
    id: "timeCreated",
    header: t("list.columns.created"),
    meta: { priority: 6, sortKey: "time" },
    cell: ({ row }) => (
      <span className="whitespace-nowrap">
        <DateTime at={row.original.timeCreated} />
      </span>
    ),
  },
  {
    id: "type",
    header: t("list.columns.type"),
    meta: { priority: 7 },
    cell: ({ row }) => labelOr(t, `types.${row.original.type}`, row.original.type),
  },
  {
    id: "reference",
    header: t("list.columns.reference"),
    meta: { priority: 8 },
    cell: ({ row }) => (
      <span className="block max-w-[14rem] truncate" title={row.original.reference ?? undefined}>
        {row.original.reference ?? "—"}
      </span>
    ),
  },
  {
    id: "method",
    header: t("list.columns.method"),
    meta: { priority: 4 },
    cell: ({ row }) => (
      <span className="whitespace-nowrap">
        {row.original.method ? <MethodName method={row.original.method} /> : null}
        {row.original.method && row.original.panMasked ? " · " : null}
        {row.original.panMasked}
        {!row.original.method && !row.original.panMasked ? "—" : null}
      </span>
    ),
  },
  {
    id: "cnyAmount",
    header: t("list.columns.cny"),
    meta: { align: "right", priority: 2 },
    cell: ({ row }) => (
      <span className="whitespace-nowrap tabular-nums text-slate-600">
        {row.original.cnyAmount === null ? "—" : <Money minor={row.original.cnyAmount} currency="CNY" />}
      </span>
    ),
  },
  {
    id: "country",
    header: t("list.columns.country"),
    meta: { priority: 1 },
    cell: ({ row }) => row.original.country ?? "—",
  },
  {
    id: "consumerReference",
    header: t("list.columns.consumer"),
    meta: { priority: 1 },
    cell: ({ row }) => <CustomerLink reference={row.original.consumerReference} />,
  },
];

const DEFAULT_HIDDEN = { consumerReference: false, country: false };

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
