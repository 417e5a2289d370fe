"use client";

import { useRef, useState, type FormEvent } from "react";
import * as AlertDialog from "@radix-ui/react-alert-dialog";
import { ApiClientError, apiFetch } from "@/lib/platform/api/client";
import { Field } from "@/components/form/field";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { useReturnFocus } from "@/components/ui/use-return-focus";
import { useTranslations } from "@/lib/platform/i18n/client";

type Pending = { resolve: () => void; reject: (error: Error) => void };

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
      await new Promise<void>((resolve, reject) => setPending({ resolve, reject }));
      return fn();
    }
  }

  const dialog = pending ? (
    <StepUpDialog
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

function StepUpDialog({ onConfirmed, onCancel }: { onConfirmed: () => void; onCancel: () => void }) {
  const t = useTranslations("common");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  // Focus starts in the code's field, and goes back to the control that asked when it closes.
  const focus = useReturnFocus((event) => {
    event.preventDefault();
    input.current?.focus();
  });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = input.current?.value.trim() ?? "";
    if (!code) return setError(t("stepUp.enterCode"));
    setBusy(true);
    setError(null);
    try {
      await apiFetch("/api/me/step-up", { method: "POST", json: { code } });
      onConfirmed();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      if (input.current) input.current.value = "";
    } finally {
      setBusy(false);
    }
  }

  // Radix's dialog: on <body> (inside a table's pinned cell an approval's Approve button had its
  // z-50 count only within that cell), focus kept inside it while it is open (Tab and Shift+Tab
  // go round its controls, never to the page behind), Escape cancels, and focus goes back to the
  // control that asked when it closes. A dialog, not an alert: it asks for a code.
  return (
    <AlertDialog.Root open onOpenChange={(open) => !open && onCancel()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/40" />
        <AlertDialog.Content
          role="dialog"
          aria-labelledby="step-up-title"
          aria-describedby="step-up-body"
          {...focus}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl"
        >
          <form method="post" onSubmit={onSubmit} className="space-y-4">
            <div>
              <AlertDialog.Title id="step-up-title" className="text-lg font-semibold">
                {t("stepUp.title")}
              </AlertDialog.Title>
              <AlertDialog.Description id="step-up-body" className="mt-1 text-sm text-slate-600">
                {t("stepUp.body")}
              </AlertDialog.Description>
            </div>
            {error && (
              <Notice tone="error" testId="step-up-error">
                {error}
              </Notice>
            )}
            <Field name="step-up-code" label={t("stepUp.code")}>
              {(control) => <input {...control} ref={input} inputMode="numeric" autoComplete="one-time-code" />}
            </Field>
            <div className="flex justify-end gap-2">
              <Button type="button" variant="secondary" onClick={onCancel}>
                {t("actions.cancel")}
              </Button>
              <Button type="submit" disabled={busy}>
                {busy ? t("stepUp.checking") : t("actions.confirm")}
              </Button>
            </div>
          </form>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
