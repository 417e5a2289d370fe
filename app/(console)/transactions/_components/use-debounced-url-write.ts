"use client";

import { useEffect, useRef } from "react";
import { trackUrlUpdate } from "@/components/data-table/url-updates";

// The search box's URL write, on its way from the first keystroke (components/data-table/
// url-updates.tsx): kept with the one list that searches as you type, out of every page's bundle.

/**
 * A URL write made `delay` ms after the last change of `value` (a search as typed), on
 * its way from the first change: a link followed while typing waits for the write, so the write
 * cannot land after the navigation and undo it. `write` is left alone when nothing changed.
 */
export function useDebouncedUrlWrite(
  value: string,
  changed: boolean,
  write: (value: string) => Promise<unknown>,
  delay = 300,
) {
  const latest = useRef(write);
  latest.current = write;
  useEffect(() => {
    if (!changed) return;
    let done = () => {};
    trackUrlUpdate(new Promise<void>((resolve) => (done = resolve)));
    const timer = setTimeout(() => void latest.current(value).finally(done), delay);
    return () => {
      clearTimeout(timer);
      done();
    };
  }, [value, changed, delay]);
}
