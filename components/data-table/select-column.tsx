"use client";

import type { Row, Table } from "@tanstack/react-table";
import { type ReactNode, useEffect, useRef } from "react";
import { useTranslations } from "@/lib/platform/i18n/client";
import { useHydrated } from "@/components/ui/use-hydrated";
import type { Column } from "./types";

/** The selection's checkbox column: pinned first, never hidden; the header selects the page. */
export function selectColumn<T>(): Column<T> {
  return {
    id: "select",
    size: 40,
    enableHiding: false,
    meta: { pin: "left" },
    header: ({ table }) => <SelectPage table={table} />,
    cell: ({ row }) => <SelectRow row={row} />,
  };
}

function SelectPage<T>({ table }: { table: Table<T> }) {
  const t = useTranslations("common");
  return (
    <Checkbox
      label={t("table.selectPage")}
      checked={table.getIsAllPageRowsSelected()}
      indeterminate={table.getIsSomePageRowsSelected()}
      onChange={table.getToggleAllPageRowsSelectedHandler()}
      testId="select-page"
    />
  );
}

function SelectRow<T>({ row }: { row: Row<T> }) {
  const t = useTranslations("common");
  return (
    <Checkbox
      label={t("table.selectRow", { row: row.id })}
      checked={row.getIsSelected()}
      disabled={!row.getCanSelect()}
      onChange={row.getToggleSelectedHandler()}
      testId="select-row"
    />
  );
}

function Checkbox(props: {
  label: string;
  checked: boolean;
  indeterminate?: boolean;
  disabled?: boolean;
  onChange: (event: unknown) => void;
  testId: string;
}) {
  const ref = useRef<HTMLInputElement>(null);
  // A click on the server's HTML would tick a box React then unticks (CI's bulk-refunds spec
  // clicked "Select all" before hydration and selected nothing): disabled until React owns it.
  const ready = useHydrated();
  // "Some rows on the page" has no attribute: it is a DOM property.
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = !props.checked && !!props.indeterminate;
  }, [props.checked, props.indeterminate]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className="size-4 align-middle"
      aria-label={props.label}
      checked={props.checked}
      disabled={props.disabled || !ready}
      onChange={props.onChange}
      data-testid={props.testId}
    />
  );
}

/** How many of the page's rows are selected, and what the page offers to do with them. */
export function SelectionBar<T>({ table, actions }: { table: Table<T>; actions?: (rows: T[]) => ReactNode }) {
  const t = useTranslations("common");
  const rows = table.getSelectedRowModel().rows;
  return (
    <div aria-live="polite" className="flex items-center gap-2 text-sm" data-testid="selection">
      {rows.length > 0 && (
        <>
          <span className="font-medium text-slate-800" data-testid="selected-count">
            {t("table.selected", { count: rows.length })}
          </span>
          {actions?.(rows.map((row) => row.original))}
          <button
            type="button"
            onClick={() => table.resetRowSelection(true)}
            className="rounded-md px-2 py-1 text-slate-600 underline hover:text-slate-900"
          >
            {t("table.clearSelection")}
          </button>
        </>
      )}
    </div>
  );
}

/**
 * What a selectable table needs, handed to DataTable by the page that selects (the transactions
 * list): the other lists' first load carries none of it (the /users page was over its budget).
 */
export const selectionKit = { column: selectColumn, Bar: SelectionBar };
export type SelectionKit = typeof selectionKit;
