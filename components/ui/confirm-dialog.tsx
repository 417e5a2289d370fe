"use client";

import dynamic from "next/dynamic";
import { useState } from "react";
import type { Confirmation } from "./confirm-dialog-view";
import { type Finder, finderOf, rememberAsked } from "./use-return-focus";

export type { Confirmation };

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
  const [asked, setAsked] = useState<(Confirmation & { returnTo: Finder }) | null>(null);
  // The control that asked, read now: the dialog loads lazily, and a table may redraw it meanwhile.
  const ask = (confirmation: Confirmation) => {
    const returnTo = finderOf(document.activeElement);
    rememberAsked(returnTo);
    setAsked({ ...confirmation, returnTo });
  };
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
