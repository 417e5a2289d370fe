"use client";

import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { apiFetch } from "@/lib/platform/api/client";
import { Field } from "@/components/form/field";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { type Finder, returnFocusTo } from "@/components/ui/use-return-focus";
import { useTranslations } from "@/lib/platform/i18n/client";

// The step-up dialog itself, loaded when a request first answers "step_up" (components/auth/step-up.tsx):
// no page that may ask for one carries it in its first load.

/** The dialog's controls that take focus, in order. */
const FOCUSABLE = "input, button:not([disabled])"; // i18n-ignore: a CSS selector

export function StepUpDialog({
  onConfirmed,
  onCancel,
  returnTo,
}: {
  onConfirmed: () => void;
  onCancel: () => void;
  /** The control that asked, found again when the dialog closes. */
  returnTo: Finder;
}) {
  const t = useTranslations("common");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const box = useRef<HTMLFormElement>(null);
  // Focus goes back, when the dialog closes, to the control that asked (it had focus when the
  // dialog opened); if that control is gone, to the page's heading.
  useEffect(() => () => returnFocusTo(returnTo), [returnTo]);
  // Tab and Shift+Tab go round the dialog's own controls, never to the page behind the overlay.
  function trap(event: KeyboardEvent<HTMLFormElement>) {
    if (event.key === "Escape") return onCancel();
    if (event.key !== "Tab" || !box.current) return;
    const controls = [...box.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = controls[0];
    const last = controls.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

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

  // On <body>, not where it was asked for: inside a table's pinned cell (an approval's Approve
  // button) its z-50 counted only within that cell, and the sticky header covered Confirm on a phone.
  return createPortal(
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/40 p-4" role="presentation">
      <form
        method="post"
        role="dialog"
        aria-modal="true"
        aria-labelledby="step-up-title"
        onSubmit={onSubmit}
        ref={box}
        onKeyDown={trap}
        className="w-full max-w-sm space-y-4 rounded-xl bg-white p-6 shadow-xl"
      >
        <div>
          <h2 id="step-up-title" className="text-lg font-semibold">
            {t("stepUp.title")}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{t("stepUp.body")}</p>
        </div>
        {error && (
          <Notice tone="error" testId="step-up-error">
            {error}
          </Notice>
        )}
        <Field name="step-up-code" label={t("stepUp.code")}>
          {(control) => (
            <input
              {...control}
              ref={input}
              inputMode="numeric"
              autoComplete="one-time-code"
              // biome-ignore lint/a11y/noAutofocus: the dialog opens to ask for this code, so focus goes to it (WAI-ARIA dialog pattern).
              autoFocus
            />
          )}
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
    </div>,
    document.body,
  );
}
