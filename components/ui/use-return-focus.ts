"use client";

import { useRef } from "react";

/**
 * Gives focus back, when a Radix dialog closes, to the control that had it when the dialog
 * opened. Radix returns focus to its Trigger, and the console's dialogs open from code (a
 * confirmation asked by a row's button, a step-up asked by a refused request) with no Trigger:
 * focus fell to the page body. When that control is gone (its row went with the decision), the
 * page's heading takes it. Spread the handlers on the dialog's Content.
 */
export function useReturnFocus<E extends Event>(onOpen?: (event: E) => void) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (event: E) => {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      onOpen?.(event);
    },
    onCloseAutoFocus: (event: E) => {
      event.preventDefault();
      const el = opener.current;
      opener.current = null;
      returnFocusTo(el);
    },
  };
}

/** Focus to `el` if it is still on the page; else (it went with what it acted on) to the page's heading. */
export function returnFocusTo(el: HTMLElement | null) {
  if (el?.isConnected && el !== document.body) return el.focus();
  const heading = document.querySelector<HTMLElement>("main#content h1");
  if (!heading) return;
  if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
  heading.focus();
}
