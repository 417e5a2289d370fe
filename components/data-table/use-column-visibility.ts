"use client";

import { useEffect, useState } from "react";
import type { VisibilityState } from "./types";

/** Column visibility remembered per list in this browser (localStorage `<list>.columns`). */
export function useColumnVisibility(
  list: string,
  defaults: VisibilityState = {},
): [VisibilityState, (id: string) => void] {
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
  const toggle = (id: string) =>
    setVisibility((old) => {
      const next = { ...old, [id]: old[id] === false };
      window.localStorage.setItem(key, JSON.stringify(next));
      return next;
    });
  return [visibility, toggle];
}
