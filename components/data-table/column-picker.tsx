"use client";

import { useTranslations } from "@/lib/platform/i18n/client";
import { type Column, columnLabel, isSecondary, type VisibilityState } from "./types";

/** The person's choice of secondary columns, remembered per list; pinned and kept columns always show. */
export function ColumnPicker<T>({
  columns,
  visibility,
  toggle,
  hidden,
}: {
  columns: Column<T>[];
  visibility: VisibilityState;
  toggle: (id: string) => void;
  hidden: Set<string>;
}) {
  const t = useTranslations("common");
  const secondary = columns.filter(isSecondary);
  if (secondary.length === 0) return null;
  return (
    <details className="relative" data-testid="column-picker">
      <summary className="cursor-pointer list-none rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium hover:bg-slate-50">
        {hidden.size > 0 ? t("columns.pickerHidden", { count: hidden.size }) : t("columns.picker")}
      </summary>
      <div className="absolute right-0 z-30 mt-1 w-56 rounded-md border border-slate-200 bg-white p-2 shadow-lg">
        {secondary.map((column) => {
          const on = visibility[column.id] !== false;
          return (
            <label key={column.id} className="flex items-center gap-2 px-1 py-1 text-sm">
              <input type="checkbox" checked={on} onChange={() => toggle(column.id)} />
              {columnLabel(column)}
              {on && hidden.has(column.id) && <span className="text-xs text-slate-500">{t("columns.noRoom")}</span>}
            </label>
          );
        })}
      </div>
    </details>
  );
}
