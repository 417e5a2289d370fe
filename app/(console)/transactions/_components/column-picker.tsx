"use client";

import type { Table } from "@tanstack/react-table";

export function ColumnPicker<T>({ table }: { table: Table<T> }) {
  return (
    <details className="relative">
      <summary className="cursor-pointer list-none rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium hover:bg-slate-50">
        Columns
      </summary>
      <div className="absolute right-0 z-10 mt-1 w-48 rounded-md border border-slate-200 bg-white p-2 shadow-lg">
        {table.getAllLeafColumns().map((column) => (
          <label key={column.id} className="flex items-center gap-2 px-1 py-1 text-sm">
            <input type="checkbox" checked={column.getIsVisible()} onChange={column.getToggleVisibilityHandler()} />
            {typeof column.columnDef.header === "string" ? column.columnDef.header : column.id}
          </label>
        ))}
      </div>
    </details>
  );
}
