"use client";

import { type ComponentPropsWithoutRef, useLayoutEffect, useRef } from "react";

/**
 * A plain table whose rows are cards below 768 px (app/globals.css, table.cards): each body
 * cell is named by its column's header (data-label), read from the header row whenever rows
 * change, so a page keeps writing its cells as a table's.
 */
export function CardTable({ className, ...props }: ComponentPropsWithoutRef<"table">) {
  const ref = useRef<HTMLTableElement>(null);
  useLayoutEffect(() => {
    const table = ref.current;
    if (!table) return;
    labelCells(table);
    const observer = new MutationObserver(() => labelCells(table));
    observer.observe(table, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, []);
  return <table ref={ref} className={["cards", className].filter(Boolean).join(" ")} {...props} />;
}

function labelCells(table: HTMLTableElement) {
  const head = table.tHead?.rows[0];
  if (!head) return;
  const labels = Array.from(head.cells).flatMap((th) => Array<string>(th.colSpan).fill(th.textContent?.trim() ?? ""));
  for (const body of Array.from(table.tBodies))
    for (const row of Array.from(body.rows)) {
      let column = 0;
      for (const cell of Array.from(row.cells)) {
        const label = cell.colSpan === 1 ? labels[column] : "";
        if (label && cell.dataset.label !== label && !cell.dataset.card) cell.dataset.label = label;
        column += cell.colSpan;
      }
    }
}
