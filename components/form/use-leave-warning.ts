"use client";

import { useEffect } from "react";

/**
 * While `unsaved` holds, a reload, a closed tab or a typed address asks the browser's own "Leave
 * site?" first: a half-typed declaration of several sub-orders was lost to a reload without a word.
 */
export function useLeaveWarning(unsaved: boolean) {
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when a value is set; the text itself is the browser's.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [unsaved]);
}
