"use client";

import {
  type ColumnDef,
  type Header,
  flexRender,
  getCoreRowModel,
  type Row,
  useReactTable,
  type VisibilityState,
} from "@tanstack/react-table";
import { Fragment, type ReactNode, useRef } from "react";
import "./types";
import { ColumnPicker } from "./column-picker";
import { useColumnVisibility } from "./use-column-visibility";
import { useFitColumns } from "./use-fit-columns";
import { cellClass } from "./cell-class";

export type SortState = { key: string; dir: "asc" | "desc"; onSort: (key: string) => void };

export type DataTableProps<T> = {
  /** The list's name: its remembered columns (localStorage) and its test id. */
  list: string;
  // biome-ignore lint/suspicious/noExplicitAny: column value types differ per column, as in TanStack's own examples.
  columns: ColumnDef<T, any>[];
  data: T[];
  testId?: string;
  rowTestId?: string | ((row: T) => string);
  getRowId?: (row: T) => string;
  /** Shown in place of rows when there are none (null: rows are still loading). */
  empty: ReactNode;
  loading?: boolean;
  busy?: boolean;
  defaultHidden?: VisibilityState;
  sort?: SortState;
  /** A full-width panel under a row, opened by a cell calling `row.toggleExpanded()`. */
  expanded?: (row: T) => ReactNode;
  /** Filters and buttons on the table's bar, before the column picker. */
  filters?: ReactNode;
  actions?: ReactNode;
  /** Under the table: count, totals, paging. */
  footer?: ReactNode;
};

/**
 * The one list table: headers always, sticky header, the identifying column pinned left and the
 * row actions pinned right, secondary columns dropped (lowest priority first) until the row fits,
 * and the person's choice of columns remembered per list.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { list, columns, data, sort, expanded } = props;
  const [visibility, setVisibility] = useColumnVisibility(list, props.defaultHidden);
  const box = useRef<HTMLDivElement>(null);
  const table = useReactTable({
    data,
    columns,
    getRowId: props.getRowId,
    getCoreRowModel: getCoreRowModel(),
    getRowCanExpand: () => expanded !== undefined,
    manualPagination: true,
    manualSorting: true,
    state: { columnVisibility: visibility },
    onColumnVisibilityChange: setVisibility,
  });
  const chosen = table.getVisibleLeafColumns();
  const hidden = useFitColumns(box, chosen, [data, visibility]);
  const shown = chosen.filter((c) => !hidden.has(c.id));
  const rowTestId = (row: Row<T>) =>
    typeof props.rowTestId === "function" ? props.rowTestId(row.original) : props.rowTestId;

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0 flex-1">{props.filters}</div>
        <div className="flex items-center gap-2">
          <ColumnPicker table={table} hidden={hidden} />
          {props.actions}
        </div>
      </div>
      <div
        ref={box}
        className={`max-h-[calc(100vh-9rem)] overflow-auto rounded-xl border border-slate-200 bg-white ${props.busy ? "opacity-70" : ""}`}
        aria-busy={props.busy}
        data-testid={`${props.testId ?? list}-box`}
      >
        <table className="w-full text-sm" data-testid={props.testId ?? list}>
          <thead className="text-left text-slate-600">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers
                  .filter((h) => !hidden.has(h.column.id))
                  .map((header) => (
                    <HeaderCell key={header.id} header={header} sort={sort} />
                  ))}
              </tr>
            ))}
          </thead>
          <tbody>
            {(props.loading || data.length === 0) && (
              <tr>
                <td
                  colSpan={shown.length}
                  className="px-3 py-10 text-center text-slate-500"
                  data-testid={props.loading ? undefined : `${list}-empty`}
                >
                  {props.loading ? "Loading…" : props.empty}
                </td>
              </tr>
            )}
            {table.getRowModel().rows.map((row) => (
              <Fragment key={row.id}>
                <tr className="group border-t border-slate-100 align-top" data-testid={rowTestId(row)}>
                  {row
                    .getVisibleCells()
                    .filter((cell) => !hidden.has(cell.column.id))
                    .map((cell) => (
                      <td
                        key={cell.id}
                        className={cellClass(cell.column.columnDef.meta, "body")}
                        data-col={cell.column.id}
                      >
                        {flexRender(cell.column.columnDef.cell, cell.getContext())}
                      </td>
                    ))}
                </tr>
                {expanded && row.getIsExpanded() && (
                  <tr className="border-t border-slate-100 bg-slate-50">
                    <td colSpan={shown.length} className="p-0">
                      {/* No width of its own: a long line wraps here instead of widening the table. */}
                      <div className="w-0 min-w-full px-3 py-3">{expanded(row.original)}</div>
                    </td>
                  </tr>
                )}
              </Fragment>
            ))}
          </tbody>
        </table>
      </div>
      {props.footer}
    </div>
  );
}

function HeaderCell<T>({ header, sort }: { header: Header<T, unknown>; sort?: SortState }) {
  const meta = header.column.columnDef.meta;
  const content = flexRender(header.column.columnDef.header, header.getContext());
  const key = meta?.sortKey;
  if (!key || !sort) return <th className={cellClass(meta, "head")}>{content}</th>;
  const active = sort.key === key;
  return (
    <th
      className={cellClass(meta, "head")}
      aria-sort={active ? (sort.dir === "asc" ? "ascending" : "descending") : undefined}
    >
      <button
        type="button"
        onClick={() => sort.onSort(key)}
        className="inline-flex items-center gap-1 hover:text-slate-900"
      >
        {content}
        <span aria-hidden>{active ? (sort.dir === "asc" ? "▲" : "▼") : "↕"}</span>
      </button>
    </th>
  );
}
