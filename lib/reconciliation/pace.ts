import "server-only";
import { config } from "@/lib/platform/config";
import type { ReconciliationRun } from "@/lib/generated/prisma/client";

/** The rate to store on a new run: null for the ceiling. */
export function derivedRate(trigger: "schedule" | "manual", scope: number): number | null {
  if (trigger === "manual") return null;
  return scope / (config().reconciliationWindowHours * 3600);
}

type Paced = Pick<ReconciliationRun, "startedAt" | "checked" | "notChecked" | "ratePerSecond">;

/** When the run's next charge is due on its spread (its n-th charge at start + n ÷ rate); 0 at the ceiling. */
export function dueAt(run: Paced, ceiling: number): number {
  if (!run.ratePerSecond || run.ratePerSecond >= ceiling) return 0;
  const done = run.checked + run.notChecked.length;
  return run.startedAt.getTime() + (done / run.ratePerSecond) * 1000;
}

/** Whole seconds until the next charge is due (when to queue the run's next slice). */
export const secondsUntilDue = (run: Paced, ceiling: number, now = Date.now()) =>
  Math.max(0, Math.ceil((dueAt(run, ceiling) - now) / 1000));
