import { config } from "@/lib/platform/config";

/** Emitted on `process` by server/main.ts after the last request of a shutdown finished. */
export const DRAINED_EVENT = "console:drained";

/** How long a shutdown may take before the process exits anyway (SHUTDOWN_GRACE_SECONDS, default 25). */
export function shutdownGraceMs(): number {
  return config().shutdownGraceSeconds * 1000;
}
