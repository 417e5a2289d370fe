"use client";

import { useCallback, useEffect, useState } from "react";
import type { Section } from "@/lib/charges/sections";

// Which sections a person keeps open, and whether they see the API names, remembered in this browser per person (not per device
// account): a preference of the page's layout, nothing the server needs to know.

type Open = Partial<Record<Section | "apiNames", boolean>>;

export function useOpenSections(userId: string): [Open, (section: keyof Open, open: boolean) => void] {
  const key = `terminal.sections.${userId}`;
  const [open, setOpen] = useState<Open>({});
  useEffect(() => {
    try {
      const stored = JSON.parse(window.localStorage.getItem(key) ?? "{}") as unknown;
      if (stored && typeof stored === "object" && !Array.isArray(stored)) setOpen(stored as Open);
    } catch {
      // A value another version wrote, or storage refused: start closed.
    }
  }, [key]);
  const toggle = useCallback(
    (section: keyof Open, now: boolean) =>
      setOpen((before) => {
        const next = { ...before, [section]: now };
        try {
          window.localStorage.setItem(key, JSON.stringify(next));
        } catch {
          // Private mode or a full storage: the section still opens, it is just not remembered.
        }
        return next;
      }),
    [key],
  );
  return [open, toggle];
}
