"use client";

import { useEffect, useState } from "react";

/**
 * False in the server's HTML and until React owns the page, then true. A control whose click
 * does something only in the browser stays disabled until then: a click on the server's HTML
 * would do nothing and look as if it had been heard (Playwright, and a quick person, click as
 * soon as the button is painted).
 */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
