"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";

// A list's filter or page lives in the URL, written by nuqs a moment after the state changes
// (its updates are throttled). A link followed in that moment was undone by the late write:
// its pushState of the list's own path cancels the navigation Next had started, so a person
// who typed a search and clicked the row that appeared stayed on the list. While a list's URL
// write is on its way, a plain click on a link of this site waits for it, then follows.

const pending = new Set<Promise<unknown>>();

/** Marks a URL write as on its way until it lands (useList passes each of its writes here). */
export function trackUrlUpdate<T>(update: Promise<T>): Promise<T> {
  pending.add(update);
  const done = () => pending.delete(update);
  update.then(done, done);
  return update;
}

/** The same-site path a plain left click on this element's link would open, or null. */
export function followedPath(event: MouseEvent, origin = window.location.origin): string | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = (event.target as Element | null)?.closest?.("a[href]");
  if (!(link instanceof HTMLAnchorElement) || link.hasAttribute("download")) return null;
  if (link.target && link.target !== "_self") return null;
  // A link within this page (the skip link's #content) or to the list's own address (a pager's
  // ?after=) is the list's business, and a file (an export under /api/) is not a page to open.
  const written = link.getAttribute("href") ?? "";
  if (written.startsWith("#") || written.startsWith("?")) return null;
  const url = new URL(link.href, origin);
  if (url.origin !== origin || url.pathname.startsWith("/api/")) return null;
  return url.pathname + url.search + url.hash;
}

/** Holds a link followed while a list's URL write is on its way until the write lands. */
export function UrlUpdateGuard() {
  const router = useRouter();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (pending.size === 0) return;
      const path = followedPath(event);
      if (!path) return;
      event.preventDefault();
      void Promise.allSettled([...pending]).then(() => router.push(path));
    };
    // Capture: before the link's own handler, which leaves a prevented click alone.
    document.addEventListener("click", onClick, true);
    return () => document.removeEventListener("click", onClick, true);
  }, [router]);
  return null;
}
