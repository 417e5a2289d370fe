"use client";

import type { OnChangeFn, VisibilityState } from "@tanstack/react-table";
import { useEffect, useState } from "react";

/** Column visibility remembered per list in this browser (localStorage `<list>.columns`). */
export function useColumnVisibility(
  list: string,
  defaults: VisibilityState = {},
): [VisibilityState, OnChangeFn<VisibilityState>] {
  const key = `${list}.columns`;
  const [visibility, setVisibility] = useState<VisibilityState>(defaults);
  useEffect(() => {
    try {
      const saved = window.localStorage.getItem(key);
      if (saved) setVisibility(JSON.parse(saved) as VisibilityState);
    } catch {
      // A value someone else wrote: keep the defaults.
    }
  }, [key]);
  const onChange: OnChangeFn<VisibilityState> = (updater) =>
    setVisibility((old) => {
      const next = typeof updater === "function" ? updater(old) : updater;
      window.localStorage.setItem(key, JSON.stringify(next));
      return next;
    });
  return [visibility, onChange];
}
