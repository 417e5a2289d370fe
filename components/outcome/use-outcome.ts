"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { type Outcome, useAnnounce } from "./outcome-provider";

export type { Outcome, OutcomeTone } from "./outcome-provider";

/**
 * The outcome of an action, said once: beside the control the person used while that control
 * stays on the page, or as a toast when it leaves (`toast: true`: an approved refund leaves the
 * approvals queue). Saying it in both places, with the timeline's own line, told a person of one
 * refund three times. Set in the same transition as the server re-render, so it appears only
 * once the page it talks about is up to date (no "Refund succeeded" beside a stale "Refunded —").
 */
export function useOutcome() {
  const router = useRouter();
  const announce = useAnnounce();
  const [refreshing, startRefresh] = useTransition();
  const [result, setResult] = useState<(Outcome & { at: number }) | null>(null);

  return {
    result,
    refreshing,
    /** Shows an outcome once the page has re-read the server's data (or at once, `refresh: false`). */
    show(outcome: Outcome, { refresh = true, toast = false }: { refresh?: boolean; toast?: boolean } = {}) {
      const next = { ...outcome, at: Date.now() };
      const say = () => (toast ? announce(next) : setResult(next));
      if (!refresh) return say();
      startRefresh(() => {
        say();
        router.refresh();
      });
    },
    clear: () => setResult(null),
  };
}
