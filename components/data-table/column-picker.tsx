"use client";

import type { Table } from "@tanstack/react-table";

/** The person's choice of secondary columns, remembered per list; pinned and kept columns always show. */
export function ColumnPicker<T>({ table, hidden }: { table: Table<T>; hidden: Set<string> }) {
  const columns = table.getAllLeafColumns().filter((c) => !c.columnDef.meta?.pin && !c.columnDef.meta?.keep);
  if (columns.length === 0) return null;
  return (
    <details className="relative" data-testid="column-picker">
      <summary className="cursor-pointer list-none rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium hover:bg-slate-50">
        Columns{hidden.size > 0 ? ` (${hidden.size} hidden to fit)` : ""}
      </summary>
      <div className="absolute right-0 z-30 mt-1 w-56 rounded-md border border-slate-200 bg-white p-2 shadow-lg">
        {columns.map((column) => (
          <label key={column.id} className="flex items-center gap-2 px-1 py-1 text-sm">
            <input type="checkbox" checked={column.getIsVisible()} onChange={column.getToggleVisibilityHandler()} />
            {columnLabel(column.columnDef)}
            {hidden.has(column.id) && column.getIsVisible() && (
              <span className="text-xs text-slate-500">(no room)</span>
            )}
          </label>
        ))}
      </div>
    </details>
  );
}

export function columnLabel(def: { id?: string; header?: unknown; meta?: { label?: string } }): string {
  return def.meta?.label ?? (typeof def.header === "string" ? def.header : (def.id ?? ""));
}
