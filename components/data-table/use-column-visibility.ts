"use client";

import { functionalUpdate, type OnChangeFn, type VisibilityState } from "@tanstack/react-table";
import { useEffect, useState } from "react";
import { readVisibility } from "./column-state";

/**
 * The person's choice of columns (TanStack's visibility state), remembered per list in this
 * browser (localStorage `<list>.columns`).
 */
export function useColumnVisibility(
  list: string,
  defaults: VisibilityState = {},
): [VisibilityState, OnChangeFn<VisibilityState>] {
  const key = `${list}.columns`;
  const [visibility, setVisibility] = useState<VisibilityState>(defaults);
  useEffect(() => {
    const saved = readVisibility(window.localStorage.getItem(key));
    if (saved) setVisibility(saved);
  }, [key]);
  const change: OnChangeFn<VisibilityState> = (updater) =>
    setVisibility((old) => {
      const next = functionalUpdate(updater, old);
      window.localStorage.setItem(key, JSON.stringify(next));
      return next;
    });
  return [visibility, change];
}
