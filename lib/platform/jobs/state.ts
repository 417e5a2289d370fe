// Whether this process's job workers run, for GET /api/ready. startWorkers (lib/jobs/worker.ts)
// reports it; the readiness route reads it. Those two live in different bundles of Next's
// build (instrumentation starts the workers; route handlers answer), each with its own copy of
// this module, so the one value per process hangs off globalThis. It describes this process
// only and is never shared with another.
import { config } from "@/lib/platform/config";

export type WorkersState = "not_started" | "running" | "failed" | "stopped";

const KEY = Symbol.for("merchant-console.workers");
const holder = globalThis as unknown as { [KEY]?: WorkersState };

export function markWorkers(state: WorkersState): void {
  holder[KEY] = state;
}

/** This process's workers: "disabled" when CONSOLE_WORKERS=off (another process runs them). */
export function workersState(): WorkersState | "disabled" {
  if (!config().workers) return "disabled";
  return holder[KEY] ?? "not_started";
}
