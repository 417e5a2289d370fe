"use client";

import type { Table } from "@tanstack/react-table";
import { type RefObject, useLayoutEffect } from "react";

/** The pinned columns' rendered widths into TanStack's sizing state, so that each sticks beside the one before. */
export function usePinnedWidths<T>(box: RefObject<HTMLElement | null>, table: Table<T>) {
  useLayoutEffect(() => {
    const cells = box.current?.querySelectorAll<HTMLElement>("thead th[data-pinned]") ?? [];
    const measured = Object.fromEntries([...cells].map((th) => [th.dataset.column!, th.offsetWidth]));
    const changed = Object.entries(measured).some(([id, w]) => table.getState().columnSizing[id] !== w);
    if (changed) table.setColumnSizing((old) => ({ ...old, ...measured }));
  });
}
