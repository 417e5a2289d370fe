"use client";

import { usePathname } from "next/navigation";
import { useEffect, useRef } from "react";

/**
 * After a navigation to another page, focus moves to its heading, so a screen reader announces
 * where the person is and Tab goes on from the top of the content, not from a link that is gone.
 * Not on the first load (the browser starts at the top) nor when only the query changes (a filter
 * keeps its focus). A page still loading gets its heading when it arrives (within 5 s), unless
 * the person has put focus somewhere meanwhile: the menu opened and closed, the search box.
 */
export function HeadingFocus() {
  const pathname = usePathname();
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new pathname is the navigation this runs for.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const until = Date.now() + 5000;
    // Where focus was as the new page came: the link followed, or the body once it went.
    const then = document.activeElement;
    let frame = 0;
    const look = () => {
      const heading = document.querySelector<HTMLElement>("main#content h1");
      if (!heading) {
        if (Date.now() < until) frame = requestAnimationFrame(look);
        return;
      }
      // Focus the person or the page has moved since stays where it is: into the new page (a
      // form's first field), or outside it while it loaded (the menu's button, the search box).
      const active = document.activeElement;
      const main = document.getElementById("content");
      if (active && active !== then && active !== document.body && active !== main) return;
      if (main?.contains(active) && active !== main) return;
      if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
      heading.focus({ preventScroll: true });
    };
    look();
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
  return null;
}
