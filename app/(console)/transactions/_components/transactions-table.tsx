"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { useQueryStates } from "nuqs";
import { transactionSearchParams } from "@/lib/ledger/search-params";
import { canonicalSearch, transactionListOptions, transactionSummaryOptions } from "@/lib/ledger/query-options";
import { DataTable } from "@/components/data-table/data-table";
import { ListSummary } from "@/components/data-table/list-summary";
import { columns, DEFAULT_HIDDEN } from "./columns";
import { Filters } from "./filters";

const button = "rounded-md border border-slate-300 bg-white px-3 py-1.5 disabled:opacity-40";

export function TransactionsTable() {
  const raw = useSearchParams();
  const search = canonicalSearch(new URLSearchParams(raw.toString()));
  const [state, setState] = useQueryStates(transactionSearchParams, { shallow: true, history: "push" });
  const query = useQuery({ ...transactionListOptions(search), placeholderData: keepPreviousData });
  // Its own request: the page of rows never waits for the count and totals.
  const summary = useQuery({ ...transactionSummaryOptions(search), placeholderData: keepPreviousData });

  if (query.isError)
    return (
      <div
        role="alert"
        data-testid="transactions-error"
        className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800"
      >
        The transactions could not be loaded: {query.error.message}{" "}
        <button type="button" className="underline" onClick={() => void query.refetch()}>
          Try again
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
      empty="No transactions match these filters."
      defaultHidden={DEFAULT_HIDDEN}
      sort={{
        key: state.sort,
        dir: state.dir,
        onSort: (key) => {
          const sort = key === "amount" ? "amount" : "time";
          const dir = state.sort === sort && state.dir === "desc" ? "asc" : "desc";
          void setState({ sort, dir, cursor: null });
        },
      }}
      filters={<Filters state={state} setState={setState} />}
      actions={
        <a
          href={`/api/transactions/export.csv${search ? `?${search.replace(/(^|&)cursor=[^&]*/g, "")}` : ""}`}
          className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium hover:bg-slate-50"
          data-testid="export-csv"
        >
          Export CSV
        </a>
      }
      footer={
        <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
          <ListSummary
            summary={summary.isError ? undefined : summary.data}
            noun={["transaction", "transactions"]}
            money
          />
          <div className="flex gap-2">
            <button
              type="button"
              disabled={!state.cursor}
              onClick={() => void setState({ cursor: null })}
              className={button}
            >
              First page
            </button>
            <button
              type="button"
              disabled={!query.data?.nextCursor}
              onClick={() => void setState({ cursor: query.data?.nextCursor ?? null })}
              className={button}
            >
              Next page
            </button>
          </div>
        </div>
      }
    />
  );
}
