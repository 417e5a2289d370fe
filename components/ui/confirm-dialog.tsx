"use client";

import dynamic from "next/dynamic";
import { type ReactNode, useState } from "react";

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
};

// Radix's dialog (~14 KiB gzip) loads when a confirmation is first asked for, not with every
// page that may ask one: the pages with row actions stay under the 180 KiB first-load goal
// (docs/benchmarks.md, bench:bundle). It is mounted only while open; Radix's focus scope
// still hands the focus back to the control that opened it when it closes.
const ConfirmDialog = dynamic(() => import("./confirm-dialog-view").then((m) => m.ConfirmDialog), { ssr: false });

/**
 * One dialog owned by a table or a panel: `ask({...})` opens it for one row's action;
 * render `dialog` once.
 */
export function useConfirm() {
  const [asked, setAsked] = useState<Confirmation | null>(null);
  const ask = (confirmation: Confirmation) => setAsked(confirmation);
  const dialog = asked && (
    <ConfirmDialog
      open
      confirmation={{
        ...asked,
        onConfirm: () => {
          setAsked(null);
          asked.onConfirm();
        },
        onCancel: () => {
          setAsked(null);
          asked.onCancel?.();
        },
      }}
    />
  );
  return { ask, dialog };
}
