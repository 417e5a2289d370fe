"use client";

import dynamic from "next/dynamic";
import { useState } from "react";
import { ApiClientError } from "@/lib/platform/api/client";
import { type Finder, openerNow } from "@/components/ui/use-return-focus";
import { useTranslations } from "@/lib/platform/i18n/client";

// Loaded on the first "step_up" answer, as the confirmation dialog is on its first question.
const StepUpDialog = dynamic(() => import("./step-up-dialog").then((m) => m.StepUpDialog), { ssr: false });

type Pending = { resolve: () => void; reject: (error: Error) => void; returnTo: Finder };

/**
 * Sensitive actions (approving a large refund, changing credentials or another user's
 * sign-in) answer 403 "step_up" until this session gives a fresh authenticator code.
 * `withStepUp(fn)` runs fn; on that answer it asks for a code, confirms it, and runs fn again.
 */
export function useStepUp() {
  const t = useTranslations("common");
  const [pending, setPending] = useState<Pending | null>(null);

  async function withStepUp<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      if (!(error instanceof ApiClientError && error.needsStepUp)) throw error;
      // Focus is back on the control that asked by now (a confirmation that asked has closed).
      const returnTo = openerNow();
      await new Promise<void>((resolve, reject) => setPending({ resolve, reject, returnTo }));
      return fn();
    }
  }

  const dialog = pending ? (
    <StepUpDialog
      returnTo={pending.returnTo}
      onConfirmed={() => {
        pending.resolve();
        setPending(null);
      }}
      onCancel={() => {
        pending.reject(new Error(t("stepUp.notDone")));
        setPending(null);
      }}
    />
  ) : null;
  return { withStepUp, dialog };
}
