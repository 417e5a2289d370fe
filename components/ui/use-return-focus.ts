"use client";

import { useRef } from "react";

/**
 * Gives focus back, when a Radix dialog closes, to the control that had it when the dialog
 * opened. Radix returns focus to its Trigger, and the console's dialogs open from code (a
 * confirmation asked by a row's button, a step-up asked by a refused request) with no Trigger:
 * focus fell to the page body. Spread the handlers on the dialog's Content.
 */
export function useReturnFocus<E extends Event>(onOpen?: (event: E) => void, asked?: Finder) {
  const opener = useRef<Finder | null>(null);
  return {
    onOpenAutoFocus: (event: E) => {
      // Where focus was when the dialog was asked for: by the time a lazily loaded dialog opens,
      // a table may have redrawn the control and focus already fell to the body.
      opener.current = asked ?? finderOf(document.activeElement);
      onOpen?.(event);
    },
    onCloseAutoFocus: (event: E) => {
      event.preventDefault();
      const find = opener.current ?? (() => null);
      opener.current = null;
      returnFocusTo(find);
    },
  };
}

/**
 * How to find a control again: itself while it is on the page, else the control that replaced
 * it (a table re-rendering its row draws a new button): the same kind, with the same label or
 * words, inside the nearest ancestor the page marks uniquely (a row's data-testid) or its id.
 */
export type Finder = () => HTMLElement | null;

export function finderOf(active: Element | null): Finder {
  if (!(active instanceof HTMLElement) || active === document.body) return () => null;
  const tag = active.tagName;
  const label = active.getAttribute("aria-label");
  const words = active.textContent?.trim() ?? "";
  const id = active.id;
  let scope: string | null = null;
  for (let el = active.parentElement; el && !scope; el = el.parentElement) {
    const testId = el.dataset.testid;
    if (testId && document.querySelectorAll(`[data-testid="${CSS.escape(testId)}"]`).length === 1) scope = testId;
  }
  return () => {
    if (active.isConnected) return active;
    if (id) return document.getElementById(id);
    const root = scope ? document.querySelector(`[data-testid="${CSS.escape(scope)}"]`) : null;
    if (!root) return null;
    const same = (c: HTMLElement) => (label ? c.getAttribute("aria-label") === label : c.textContent?.trim() === words);
    return [...root.querySelectorAll<HTMLElement>(tag)].find(same) ?? null;
  };
}

let lastAsked: Finder | null = null;

/** The control a confirmation was last asked from (useConfirm): a step-up that follows it returns there. */
export function rememberAsked(find: Finder) {
  lastAsked = find;
}

/**
 * The control to return to now: the focused one, else (focus fell to the body: the control is
 * disabled while its request runs) the one the last confirmation was asked from.
 */
export function openerNow(): Finder {
  const active = document.activeElement;
  if (active instanceof HTMLElement && active !== document.body) return finderOf(active);
  return lastAsked ?? (() => null);
}

/** How long a control that asked may stay disabled or away (its request running, its row redrawn). */
const WAIT_MS = 1500;

/**
 * Focus to the control `find` names, once it can take it: a control is disabled while its
 * request runs (a step-up cancelled with Escape closes before the refused request has ended) and
 * may be redrawn after it, so it is looked for again each frame for a moment. If it went with
 * what it acted on, focus goes to the page's heading; if the person has put focus somewhere
 * meanwhile, it stays there.
 */
export function returnFocusTo(find: Finder) {
  const until = performance.now() + WAIT_MS;
  // A list that reads again (a refresh after a decision) may redraw the control once focused:
  // for a while longer, focus lost to the body is given back again.
  const guard = performance.now() + 2 * WAIT_MS;
  const attempt = (first: boolean) => {
    const now = performance.now();
    const active = document.activeElement;
    const lost = !(active instanceof HTMLElement) || active === document.body;
    if (!first && !lost) {
      if (now < guard) requestAnimationFrame(() => attempt(false));
      return;
    }
    const el = find();
    if (el?.isConnected && el !== document.body && !el.matches(":disabled")) {
      el.focus();
      if (document.activeElement === el) {
        if (now < guard) requestAnimationFrame(() => attempt(false));
        return;
      }
    }
    if (now < until) requestAnimationFrame(() => attempt(false));
    else focusHeading();
  };
  attempt(true);
}

function focusHeading() {
  const heading = document.querySelector<HTMLElement>("main#content h1");
  if (!heading) return;
  if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
  heading.focus();
}
