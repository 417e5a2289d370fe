"use client";

import { useSyncExternalStore } from "react";

const subscribe = () => () => undefined;

/**
 * False in the server's HTML and while React hydrates it, then true — and true at once for
 * whatever mounts later (a button shown again after Cancel can take focus back). A control whose
 * click does something only in the browser stays disabled until then: a click on the server's
 * HTML would do nothing and look as if it had been heard (Playwright, and a quick person, click
 * as soon as the button is painted).
 */
export function useHydrated() {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
