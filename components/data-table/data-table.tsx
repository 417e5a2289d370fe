"use client";

import {
  type Cell,
  type ExpandedState,
  flexRender,
  getCoreRowModel,
  type Header,
  useReactTable,
} from "@tanstack/react-table";
import { Fragment, type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { useTranslations } from "@/lib/platform/i18n/client";
import { ColumnPicker } from "./column-picker";
import { ListFilters } from "./filters-disclosure";
import { keepListed, pinningOf, shownColumns } from "./column-state";
import type { SelectionKit } from "./select-column";
import { useColumnVisibility } from "./use-column-visibility";
import { useFitColumns } from "./use-fit-columns";
import type { RowSelection } from "./use-row-selection";
import { pinnedAt, pinnedClass } from "./cell-class";
import { usePinnedWidths } from "./use-pinned-widths";
import type { Column, VisibilityState } from "./types";

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
  /**
   * Rows the person can select (a checkbox column, the page's rows at once): the page keeps the
   * state (`useRowSelection`) and offers `actions` on the selected rows beside their count.
   */
  selection?: Pick<RowSelection, "state" | "onChange"> & {
    actions?: (rows: T[]) => ReactNode;
    /** The checkbox column and the bar (select-column.tsx selectionKit), from the page that selects. */
    kit: SelectionKit;
  };
  /** Filters and buttons on the table's bar, before the column picker. */
  filters?: ReactNode;
  actions?: ReactNode;
  /** Under the table: count, totals, paging. */
  footer?: ReactNode;
};

/**
 * The one list table, on TanStack Table: headers always, sticky header, the identifying column
 * pinned left and the row actions pinned right, secondary columns dropped (lowest priority
 * first) until the row fits, the person's choice of columns remembered per list, and rows
 * selected page by page where the page allows it. The server pages, sorts and filters.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const t = useTranslations("common");
  const { list, data, sort, expanded, selection } = props;
  const selectable = selection !== undefined;
  const kit = selection?.kit;
  const columns = useMemo(() => (kit ? [kit.column<T>(), ...props.columns] : props.columns), [kit, props.columns]);
  const [chosen, setChosen] = useColumnVisibility(list, props.defaultHidden);
  const [open, setOpen] = useState<ExpandedState>({});
  const box = useRef<HTMLElement>(null);
  const dropped = useFitColumns(
    box,
    columns.filter((c) => chosen[c.id] !== false),
  );
  const columnVisibility = useMemo(() => shownColumns(chosen, dropped), [chosen, dropped]);
  const columnPinning = useMemo(() => pinningOf(columns), [columns]);
  const table = useReactTable({
    data,
    columns,
    getRowId: props.getRowId,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    getRowCanExpand: () => expanded !== undefined,
    enableRowSelection: selectable,
    state: {
      columnVisibility,
      columnPinning,
      expanded: open,
      rowSelection: selection?.state ?? {},
    },
    onColumnVisibilityChange: setChosen,
    onExpandedChange: setOpen,
    onRowSelectionChange: selection?.onChange,
  });
  usePinnedWidths(box, table);
  // A selection is of the rows on screen: another page or filter leaves it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: new rows are what the selection is checked against.
  useEffect(() => {
    if (!selection) return;
    const listed = new Set(data.map(props.getRowId));
    if (keepListed(selection.state, listed) !== selection.state) selection.onChange((old) => keepListed(old, listed));
  }, [data]);
  const rowTestId = (row: T) => (typeof props.rowTestId === "function" ? props.rowTestId(row) : props.rowTestId);
  const width = table.getVisibleLeafColumns().length;

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-end justify-between gap-3">
        {props.filters && <ListFilters>{props.filters}</ListFilters>}
        <div className="flex flex-wrap items-center gap-2">
          {selection && <selection.kit.Bar table={table} actions={selection.actions} />}
          <ColumnPicker table={table} chosen={chosen} dropped={dropped} />
          {props.actions}
        </div>
      </div>
      <section
        ref={box}
        aria-label={t("table.region")}
        // Reachable from the keyboard, so a table wider or taller than its box scrolls with the
        // arrow keys (WCAG 2.1.1; axe's scrollable-region-focusable).
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus
        tabIndex={0}
        // While it reads again the box is outlined, not faded: faded rows failed contrast in the
        // dark theme whenever axe (or a person) caught a list mid-refresh.
        className={`max-h-[calc(100vh-9rem)] overflow-auto rounded-xl max-md:max-h-none border bg-white ${props.busy ? "cursor-progress border-brand-300" : "border-slate-200"}`}
        aria-busy={props.busy}
      >
        <table className="cards w-full text-sm" data-testid={props.testId ?? list}>
          <thead className="text-left text-slate-600">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <HeaderCell key={header.id} header={header} sort={sort} />
                ))}
              </tr>
            ))}
          </thead>
          <tbody>
            {(props.loading || data.length === 0) && (
              <tr>
                <td
                  colSpan={width}
                  className="px-3 py-10 text-center text-slate-500"
                  data-testid={props.loading ? undefined : `${list}-empty`}
                >
                  {props.loading ? t("table.loading") : props.empty}
                </td>
              </tr>
            )}
            {table.getRowModel().rows.map((row) => (
              <Fragment key={row.id}>
                <tr
                  className="group border-t border-slate-100 align-top"
                  data-testid={rowTestId(row.original)}
                  data-selected={row.getIsSelected() ? "" : undefined}
                >
                  {row.getVisibleCells().map((cell) => (
                    <td
                      key={cell.id}
                      className={pinnedClass(cell.column, "body")}
                      style={pinnedAt(cell.column)}
                      {...cardCell(cell)}
                    >
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  ))}
                </tr>
                {expanded && row.getIsExpanded() && (
                  <tr className="border-t border-slate-100 bg-slate-50">
                    <td colSpan={width} className="p-0">
                      {/* No width of its own: a long line wraps here instead of widening the table. */}
                      <div className="w-0 min-w-full px-3 py-3">{expanded(row.original)}</div>
                    </td>
                  </tr>
                )}
              </Fragment>
            ))}
          </tbody>
        </table>
      </section>
      {props.footer}
    </div>
  );
}

/** A cell's place on a phone's card: the identifying cell leads, the actions close, the rest are named by their column. */
function cardCell<T>(cell: Cell<T, unknown>) {
  const { column } = cell;
  const pin = column.getIsPinned();
  if (pin) return { "data-card": pin === "left" ? "lead" : "actions" };
  const def = column.columnDef;
  const label = def.meta?.label ?? (typeof def.header === "string" ? def.header : undefined);
  return { "data-label": label };
}

function HeaderCell<T>({ header, sort }: { header: Header<T, unknown>; sort?: SortState }) {
  const { column } = header;
  const meta = column.columnDef.meta;
  const content = flexRender(column.columnDef.header, header.getContext());
  const cell = {
    className: pinnedClass(column, "head"),
    style: { ...pinnedAt(column), width: column.columnDef.size },
    "data-column": column.id,
    "data-pinned": column.getIsPinned() || undefined,
  };
  const key = meta?.sortKey;
  if (!key || !sort) return <th {...cell}>{content}</th>;
  const active = sort.key === key;
  return (
    <th {...cell} aria-sort={active ? (sort.dir === "asc" ? "ascending" : "descending") : undefined}>
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
