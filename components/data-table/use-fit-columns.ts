"use client";

import type { Column } from "@tanstack/react-table";
import { type RefObject, useLayoutEffect, useMemo, useRef, useState } from "react";

/**
 * The secondary columns to hide so that the table fits its box without scrolling sideways:
 * after each render, while the table is wider than its box, one more column goes, lowest
 * priority first. A wider box starts over with every column the person chose.
 */
export function useFitColumns<T>(
  box: RefObject<HTMLElement | null>,
  columns: Column<T, unknown>[],
  changed: unknown,
): Set<string> {
  const order = useMemo(
    () =>
      columns
        .map((c, index) => ({ c, index }))
        .filter(({ c }) => !c.columnDef.meta?.pin && !c.columnDef.meta?.keep)
        .sort((a, b) => (a.c.columnDef.meta?.priority ?? 1) - (b.c.columnDef.meta?.priority ?? 1) || b.index - a.index)
        .map(({ c }) => c.id),
    [columns],
  );
  const [dropped, setDropped] = useState(0);
  const width = useRef(0);

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const observer = new ResizeObserver(() => {
      if (Math.abs(el.clientWidth - width.current) < 1) return;
      width.current = el.clientWidth;
      setDropped(0);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [box]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `changed` (rows, visibility) re-measures on purpose.
  useLayoutEffect(() => {
    const el = box.current;
    if (el && el.scrollWidth > el.clientWidth + 1 && dropped < order.length) setDropped(dropped + 1);
  }, [dropped, order, changed, box]);

  return useMemo(() => new Set(order.slice(0, dropped)), [order, dropped]);
}
