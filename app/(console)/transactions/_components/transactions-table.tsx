"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { flexRender, getCoreRowModel, useReactTable, type VisibilityState } from "@tanstack/react-table";
import { useSearchParams } from "next/navigation";
import { useQueryStates } from "nuqs";
import { useEffect, useState } from "react";
import { transactionSearchParams } from "@/lib/ledger/search-params";
import { canonicalSearch, transactionListOptions } from "@/lib/ledger/query-options";
import { columns, DEFAULT_HIDDEN } from "./columns";
import { Filters } from "./filters";
import { ColumnPicker } from "./column-picker";

const VISIBILITY_KEY = "transactions.columns";

export function TransactionsTable() {
  const raw = useSearchParams();
  const search = canonicalSearch(new URLSearchParams(raw.toString()));
  const [state, setState] = useQueryStates(transactionSearchParams, { shallow: true, history: "push" });
  const query = useQuery({ ...transactionListOptions(search), placeholderData: keepPreviousData });
  const [visibility, setVisibility] = useState<VisibilityState>(DEFAULT_HIDDEN);
  useEffect(() => {
    const saved = window.localStorage.getItem(VISIBILITY_KEY);
    if (saved) setVisibility(JSON.parse(saved) as VisibilityState);
  }, []);

  const table = useReactTable({
    data: query.data?.rows ?? [],
    columns,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    state: { columnVisibility: visibility },
    onColumnVisibilityChange: (updater) => {
      setVisibility((old) => {
        const next = typeof updater === "function" ? updater(old) : updater;
        window.localStorage.setItem(VISIBILITY_KEY, JSON.stringify(next));
        return next;
      });
    },
  });

  function sortBy(column: "time" | "amount") {
    const dir = state.sort === column && state.dir === "desc" ? "asc" : "desc";
    void setState({ sort: column, dir, cursor: null });
  }

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <Filters state={state} setState={setState} />
        <div className="flex items-center gap-2">
          <ColumnPicker table={table} />
          <a
            href={`/api/transactions/export.csv${search ? `?${search.replace(/(^|&)cursor=[^&]*/g, "")}` : ""}`}
            className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium hover:bg-slate-50"
            data-testid="export-csv"
          >
            Export CSV
          </a>
        </div>
      </div>

      {query.isError ? (
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
      ) : (
        <div
          className={`overflow-x-auto rounded-xl border border-slate-200 bg-white ${query.isFetching ? "opacity-70" : ""}`}
          aria-busy={query.isFetching}
        >
          <table className="w-full text-sm" data-testid="transactions-table">
            <thead className="bg-slate-50 text-left text-slate-600">
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id}>
                  {group.headers.map((header) => {
                    const sortable = header.column.id === "timeCreated" || header.column.id === "amount";
                    const key = header.column.id === "amount" ? "amount" : "time";
                    const active = sortable && state.sort === key;
                    const align =
                      (header.column.columnDef.meta as { align?: string } | undefined)?.align === "right"
                        ? "text-right"
                        : "";
                    return (
                      <th
                        key={header.id}
                        className={`px-3 py-2 font-medium ${align}`}
                        aria-sort={active ? (state.dir === "asc" ? "ascending" : "descending") : undefined}
                      >
                        {sortable ? (
                          <button
                            type="button"
                            onClick={() => sortBy(key)}
                            className="inline-flex items-center gap-1 hover:text-slate-900"
                          >
                            {flexRender(header.column.columnDef.header, header.getContext())}
                            <span aria-hidden>{active ? (state.dir === "asc" ? "▲" : "▼") : "↕"}</span>
                          </button>
                        ) : (
                          flexRender(header.column.columnDef.header, header.getContext())
                        )}
                      </th>
                    );
                  })}
                </tr>
              ))}
            </thead>
            <tbody>
              {query.isPending && (
                <tr>
                  <td colSpan={columns.length} className="px-3 py-10 text-center text-slate-500">
                    Loading transactions…
                  </td>
                </tr>
              )}
              {query.isSuccess && table.getRowModel().rows.length === 0 && (
                <tr>
                  <td
                    colSpan={columns.length}
                    className="px-3 py-10 text-center text-slate-500"
                    data-testid="transactions-empty"
                  >
                    No transactions match these filters.
                  </td>
                </tr>
              )}
              {table.getRowModel().rows.map((row) => (
                <tr key={row.id} className="border-t border-slate-100 hover:bg-slate-50" data-testid="transaction-row">
                  {row.getVisibleCells().map((cell) => (
                    <td
                      key={cell.id}
                      className={`px-3 py-2 ${(cell.column.columnDef.meta as { align?: string } | undefined)?.align === "right" ? "text-right" : ""}`}
                    >
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <div className="flex items-center justify-between text-sm">
        <span className="text-slate-600">{query.data ? `${query.data.rows.length} shown` : ""}</span>
        <div className="flex gap-2">
          <button
            type="button"
            disabled={!state.cursor}
            onClick={() => void setState({ cursor: null })}
            className="rounded-md border border-slate-300 bg-white px-3 py-1.5 disabled:opacity-40"
          >
            First page
          </button>
          <button
            type="button"
            disabled={!query.data?.nextCursor}
            onClick={() => void setState({ cursor: query.data?.nextCursor ?? null })}
            className="rounded-md border border-slate-300 bg-white px-3 py-1.5 disabled:opacity-40"
          >
            Next page
          </button>
        </div>
      </div>
    </div>
  );
}
