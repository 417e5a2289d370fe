"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";

/** While an operation is in flight or being checked, re-reads the page every few seconds. */
export function AutoRefresh({ active, everyMs = 3000 }: { active: boolean; everyMs?: number }) {
  const router = useRouter();
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => router.refresh(), everyMs);
    return () => clearInterval(timer);
  }, [active, everyMs, router]);
  return null;
}
