"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { type Outcome, useAnnounce } from "./outcome-provider";

export type { Outcome, OutcomeTone } from "./outcome-provider";

/**
 * The outcome of an action, shown where the person acted and as a toast, together with the
 * page's fresh data: both are set in the same transition as the server re-render, so they
 * appear only once the page they talk about is up to date (no "Refund succeeded" beside a
 * stale "Refunded —").
 */
export function useOutcome() {
  const router = useRouter();
  const announce = useAnnounce();
  const [refreshing, startRefresh] = useTransition();
  const [result, setResult] = useState<(Outcome & { at: number }) | null>(null);

  return {
    result,
    refreshing,
    /**
     * Shows an outcome once the page has re-read the server's data (or at once, `refresh: false`);
     * `toast: false` for a hint about the form itself, which belongs beside the form only.
     */
    show(outcome: Outcome, { refresh = true, toast = true }: { refresh?: boolean; toast?: boolean } = {}) {
      const next = { ...outcome, at: Date.now() };
      if (!refresh) {
        setResult(next);
        if (toast) announce(next);
        return;
      }
      startRefresh(() => {
        setResult(next);
        announce(next);
        router.refresh();
      });
    },
    clear: () => setResult(null),
  };
}
