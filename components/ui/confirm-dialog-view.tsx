"use client";

import * as AlertDialog from "@radix-ui/react-alert-dialog";
import { buttonClass } from "@/components/ui/button";
import { useTranslations } from "@/lib/platform/i18n/client";
import type { ReactNode } from "react";
import { type Finder, useReturnFocus } from "@/components/ui/use-return-focus";

export type Confirmation = {
  /** Names the person or object acted on: "Disable Dana Ops (ops@example.com)?" */
  title: string;
  /** What happens, and what cannot be undone. */
  description?: ReactNode;
  /** The verb on the button that does it ("Disable", "Delete the card"). */
  confirmLabel: string;
  cancelLabel?: string;
  tone?: "danger" | "primary";
  onConfirm: () => void;
  /** Runs when the person backs out (Cancel, Escape): a chosen-but-unsaved value goes back. */
  onCancel?: () => void;
  /** Finds the control that asked, for focus when the dialog closes (useConfirm reads it when asked). */
  returnTo?: Finder;
};

/**
 * The one confirmation for destructive or privileged actions, on Radix's alert dialog: focus
 * moves into it and stays there, Escape and Cancel change nothing, and the focus returns to
 * the control that opened it. Cancel has the first focus, so Enter never confirms by accident.
 */
export function ConfirmDialog({ open, confirmation }: { open: boolean; confirmation: Confirmation | null }) {
  const c = confirmation;
  const t = useTranslations("common");
  const focus = useReturnFocus(undefined, c?.returnTo);
  return (
    <AlertDialog.Root open={open && c !== null} onOpenChange={(next) => !next && c?.onCancel?.()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/40" />
        <AlertDialog.Content
          data-testid="confirm-dialog"
          {...focus}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 space-y-4 rounded-xl bg-white p-6 shadow-xl"
        >
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">{c?.title}</AlertDialog.Title>
          {/* Radix warns without a description; an empty one is still read as nothing. */}
          <AlertDialog.Description className="text-sm text-slate-600">{c?.description ?? ""}</AlertDialog.Description>
          <div className="flex justify-end gap-2">
            <AlertDialog.Cancel className={buttonClass("secondary")}>
              {c?.cancelLabel ?? t("actions.cancel")}
            </AlertDialog.Cancel>
            <AlertDialog.Action
              className={buttonClass(c?.tone === "primary" ? "primary" : "destructive")}
              onClick={(event) => {
                // Closing is the caller's (useConfirm) job: Radix closing it would also read as Cancel.
                event.preventDefault();
                c?.onConfirm();
              }}
            >
              {c?.confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
