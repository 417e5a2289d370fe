"use client";

import { useEffect } from "react";

/** The forms with edits not yet saved: one question however many of them a page has. */
const unsavedForms = new Set<symbol>();
let question = "";

const warn = (event: BeforeUnloadEvent) => {
  event.preventDefault();
  // Older browsers ask only when a value is set; the text itself is the browser's.
  event.returnValue = "";
};

// A link inside the console is the app's own navigation, which beforeunload never sees: asked
// first, in the capture phase, before the router's click handler can move on.
const onClick = (event: MouseEvent) => {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
  const link = (event.target as Element | null)?.closest?.("a[href]") as HTMLAnchorElement | null;
  if (!link || link.target === "_blank" || link.hasAttribute("download")) return;
  const to = new URL(link.href, window.location.href);
  if (to.origin !== window.location.origin || (to.pathname === window.location.pathname && to.hash)) return;
  if (window.confirm(question)) return;
  event.preventDefault();
  event.stopPropagation();
};

/**
 * While `unsaved` holds, a reload, a closed tab or a typed address asks the browser's own "Leave
 * site?" first, and a link within the console asks `asked` (the section's words): a half-typed
 * declaration of several sub-orders was lost to a reload without a word.
 */
export function useLeaveWarning(unsaved: boolean, asked: string) {
  question = asked;
  useEffect(() => {
    if (!unsaved) return;
    const me = Symbol("form");
    if (!unsavedForms.size) {
      window.addEventListener("beforeunload", warn);
      document.addEventListener("click", onClick, true);
    }
    unsavedForms.add(me);
    return () => {
      unsavedForms.delete(me);
      if (unsavedForms.size) return;
      window.removeEventListener("beforeunload", warn);
      document.removeEventListener("click", onClick, true);
    };
  }, [unsaved]);
}
