"use client";

import { createContext, useContext, useEffect, useState } from "react";
import { useTranslations } from "@/lib/platform/i18n/client";

export type OutcomeTone = "success" | "error" | "warning" | "info";
export type Outcome = { tone: OutcomeTone; text: string };
type Stamped = Outcome & { at: number };
type Sonner = typeof import("sonner");

/** The toasts on screen now (their ids): the page keeps room for them while there is one. */
const showing = new Set<string>();

const Announce = createContext<(o: Stamped) => void>(() => {});
export const useAnnounce = () => useContext(Announce);

/**
 * Holds the console's toasts (sonner: a polite live region, paused while hovered or focused,
 * Alt+T to reach it). The provider outlives the page, so a toast set in the same transition as
 * a refresh still appears when that refresh removes the control that asked for it (an approved
 * refund leaves the approvals queue). Sonner loads at the first outcome, not with every page
 * (bench:bundle's 180 KiB goal).
 */
export function OutcomeProvider({ children }: { children: React.ReactNode }) {
  const t = useTranslations("common");
  const [last, setLast] = useState<Stamped | null>(null);
  const [sonner, setSonner] = useState<Sonner | null>(null);
  useEffect(() => {
    if (last && !sonner) void import("sonner").then(setSonner);
  }, [last, sonner]);
  // Runs after the Toaster below has mounted and subscribed (a child's effects run first).
  useEffect(() => {
    if (!last || !sonner) return;
    const { toast } = sonner;
    const show = { success: toast.success, error: toast.error, warning: toast.warning, info: toast.info }[last.tone];
    // While a toast shows, the page ends that much lower (globals.css, data-toast): a list's last
    // rows scroll up from under it instead of staying covered.
    const id = `outcome-${last.at}`;
    const gone = () => {
      showing.delete(id);
      if (showing.size === 0) delete document.documentElement.dataset.toast;
    };
    showing.add(id);
    document.documentElement.dataset.toast = "shown";
    show(last.text, { id, onDismiss: gone, onAutoClose: gone });
  }, [last, sonner]);
  return (
    <Announce.Provider value={setLast}>
      {children}
      {sonner && (
        <sonner.Toaster
          position="bottom-right"
          closeButton
          richColors
          duration={6000}
          containerAriaLabel={t("notifications")}
        />
      )}
    </Announce.Provider>
  );
}
