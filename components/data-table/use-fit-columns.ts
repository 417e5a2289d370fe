"use client";

import { type RefObject, useLayoutEffect, useMemo, useRef, useState } from "react";
import { dropOrder } from "./column-state";
import type { Column } from "./types";

const CARDS = "(max-width: 47.99rem)";

/**
 * The secondary columns to hide so that the table fits its box without scrolling sideways:
 * after each render, while the table is wider than its box, one more column goes, lowest
 * priority first. A wider box starts over with every column the person chose.
 */
export function useFitColumns<T>(box: RefObject<HTMLElement | null>, columns: Column<T>[]): ReadonlySet<string> {
  const key = columns.map((c) => c.id).join(",");
  // biome-ignore lint/correctness/useExhaustiveDependencies: the ids (key) are what the order depends on.
  const order = useMemo(() => dropOrder(columns), [key]);
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

  // After every render (new rows, columns switched on): one more column while it overflows.
  // Not on a phone, where rows are cards (app/globals.css) that show every column on a tap.
  useLayoutEffect(() => {
    const el = box.current;
    if (el && !window.matchMedia(CARDS).matches && el.scrollWidth > el.clientWidth + 1 && dropped < order.length)
      setDropped(dropped + 1);
  });

  return useMemo(() => new Set(order.slice(0, dropped)), [order, dropped]);
}
