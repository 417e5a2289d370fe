"use client";

import { Fragment, type ReactNode, useRef, useState } from "react";
import { useTranslations } from "@/lib/platform/i18n/client";
import { ColumnPicker } from "./column-picker";
import { useColumnVisibility } from "./use-column-visibility";
import { useFitColumns } from "./use-fit-columns";
import { cellClass } from "./cell-class";
import type { Column, Row, VisibilityState } from "./types";

export type SortState = { key: string; dir: "asc" | "desc"; onSort: (key: string) => void };

export type DataTableProps<T> = {
  /** The list's name: its remembered columns (localStorage) and its test id. */
  list: string;
  columns: Column<T>[];
  data: T[];
  getRowId: (row: T) => string;
  testId?: string;
  rowTestId?: string | ((row: T) => string);
  /** Shown in place of rows when there are none. */
  empty: ReactNode;
  loading?: boolean;
  busy?: boolean;
  defaultHidden?: VisibilityState;
  sort?: SortState;
  /** A full-width panel under a row, opened by a cell calling `row.getToggleExpandedHandler()`. */
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
  const t = useTranslations("common");
  const { list, columns, data, sort, expanded } = props;
  const [visibility, toggle] = useColumnVisibility(list, props.defaultHidden);
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const box = useRef<HTMLDivElement>(null);
  const chosen = columns.filter((c) => visibility[c.id] !== false);
  const hidden = useFitColumns(box, chosen);
  const shown = chosen.filter((c) => !hidden.has(c.id));
  const flip = (id: string) =>
    setOpen((old) => {
      const next = new Set(old);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const rows: Row<T>[] = data.map((original) => {
    const id = props.getRowId(original);
    return { id, original, getIsExpanded: () => open.has(id), getToggleExpandedHandler: () => () => flip(id) };
  });
  const rowTestId = (row: T) => (typeof props.rowTestId === "function" ? props.rowTestId(row) : props.rowTestId);

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0 flex-1">{props.filters}</div>
        <div className="flex items-center gap-2">
          <ColumnPicker columns={columns} visibility={visibility} toggle={toggle} hidden={hidden} />
          {props.actions}
        </div>
      </div>
      <div
        ref={box}
        className={`max-h-[calc(100vh-9rem)] overflow-auto rounded-xl border border-slate-200 bg-white ${props.busy ? "opacity-70" : ""}`}
        aria-busy={props.busy}
      >
        <table className="w-full text-sm" data-testid={props.testId ?? list}>
          <thead className="text-left text-slate-600">
            <tr>
              {shown.map((column) => (
                <HeaderCell key={column.id} column={column} sort={sort} />
              ))}
            </tr>
          </thead>
          <tbody>
            {(props.loading || data.length === 0) && (
              <tr>
                <td
                  colSpan={shown.length}
                  className="px-3 py-10 text-center text-slate-500"
                  data-testid={props.loading ? undefined : `${list}-empty`}
                >
                  {props.loading ? t("table.loading") : props.empty}
                </td>
              </tr>
            )}
            {rows.map((row) => (
              <Fragment key={row.id}>
                <tr className="group border-t border-slate-100 align-top" data-testid={rowTestId(row.original)}>
                  {shown.map((column) => (
                    <td key={column.id} className={cellClass(column.meta, "body")}>
                      {column.cell({ row })}
                    </td>
                  ))}
                </tr>
                {expanded && open.has(row.id) && (
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

function HeaderCell<T>({ column, sort }: { column: Column<T>; sort?: SortState }) {
  const content = typeof column.header === "function" ? column.header() : column.header;
  const key = column.meta?.sortKey;
  if (!key || !sort) return <th className={cellClass(column.meta, "head")}>{content}</th>;
  const active = sort.key === key;
  return (
    <th
      className={cellClass(column.meta, "head")}
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
