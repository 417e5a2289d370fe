// How the console's server and the application inside it (Next's module graph) stop
// together. They share no module, only the process: the server emits this event once no
// request is in flight any more; the application then closes its workers and pools.
import { config } from "@/lib/platform/config";

/** Emitted on `process` by server/main.ts after the last request of a shutdown finished. */
export const DRAINED_EVENT = "console:drained";

/** How long a shutdown may take before the process exits anyway (SHUTDOWN_GRACE_SECONDS, default 25). */
export function shutdownGraceMs(): number {
  return config().shutdownGraceSeconds * 1000;
}
