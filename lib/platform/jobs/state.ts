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
