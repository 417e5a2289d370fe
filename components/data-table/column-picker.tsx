"use client";

import type { Table } from "@tanstack/react-table";
import { useTranslations } from "@/lib/platform/i18n/client";
import { columnLabel, isSecondary, type VisibilityState } from "./types";

/**
 * The person's choice of secondary columns, remembered per list; pinned and kept columns always
 * show. `chosen` is that choice; the table's own visibility also leaves out the `dropped` ones.
 */
export function ColumnPicker<T>({
  table,
  chosen,
  dropped,
}: {
  table: Table<T>;
  chosen: VisibilityState;
  dropped: ReadonlySet<string>;
}) {
  const t = useTranslations("common");
  const secondary = table.getAllLeafColumns().filter((c) => isSecondary(c.columnDef));
  if (secondary.length === 0) return null;
  return (
    <details className="relative" data-testid="column-picker">
      <summary className="cursor-pointer list-none rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium hover:bg-slate-50">
        {dropped.size > 0 ? t("columns.pickerHidden", { count: dropped.size }) : t("columns.picker")}
      </summary>
      <div className="absolute right-0 z-30 mt-1 w-56 rounded-md border border-slate-200 bg-white p-2 shadow-lg">
        {secondary.map((column) => {
          const on = chosen[column.id] !== false;
          return (
            <label key={column.id} className="flex items-center gap-2 px-1 py-1 text-sm">
              <input type="checkbox" checked={on} onChange={() => column.toggleVisibility(!on)} />
              {columnLabel({ ...column.columnDef, id: column.id })}
              {on && dropped.has(column.id) && <span className="text-xs text-slate-500">{t("columns.noRoom")}</span>}
            </label>
          );
        })}
      </div>
    </details>
  );
}
