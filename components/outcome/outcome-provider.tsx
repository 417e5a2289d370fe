"use client";

import { createContext, useContext, useEffect, useState } from "react";
import { Toaster, toast } from "sonner";

export type OutcomeTone = "success" | "error" | "warning" | "info";
export type Outcome = { tone: OutcomeTone; text: string };
type Stamped = Outcome & { at: number };

function fire(o: Stamped) {
  const show = { success: toast.success, error: toast.error, warning: toast.warning, info: toast.info }[o.tone];
  show(o.text, { id: `outcome-${o.at}` });
}

const Announce = createContext<(o: Stamped) => void>(fire);
export const useAnnounce = () => useContext(Announce);

/**
 * Holds the console's toasts (sonner: a polite live region, paused while hovered or focused,
 * Alt+T to reach it). The provider outlives the page, so a toast set in the same transition as
 * a refresh still appears when that refresh removes the control that asked for it (an approved
 * refund leaves the approvals queue).
 */
export function OutcomeProvider({ children }: { children: React.ReactNode }) {
  const [last, setLast] = useState<Stamped | null>(null);
  useEffect(() => {
    if (last) fire(last);
  }, [last]);
  return (
    <Announce.Provider value={setLast}>
      {children}
      <Toaster position="top-right" closeButton richColors duration={6000} containerAriaLabel="Notifications" />
    </Announce.Provider>
  );
}
