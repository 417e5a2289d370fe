import "server-only";
import { DRAINED_EVENT } from "@/lib/platform/jobs/shutdown";
import { log } from "@/lib/platform/log";

const onSignal: (() => Promise<void>)[] = [];
const onDrained: (() => Promise<void>)[] = [];
let installed = false;

/** `stop` runs at SIGTERM/SIGINT (stop taking work, finish what is running). */
export function whenStopping(stop: () => Promise<void>) {
  onSignal.push(stop);
}

/** `close` runs once the server has drained its requests and every `whenStopping` finished. */
export function whenDrained(close: () => Promise<void>) {
  onDrained.push(close);
}

const settle = (fns: (() => Promise<void>)[]) =>
  Promise.allSettled(fns.map((fn) => fn())).then((results) => {
    for (const r of results)
      if (r.status === "rejected") log.error(`[shutdown] ${r.reason instanceof Error ? r.reason.message : r.reason}`);
  });

export function installLifecycle() {
  if (installed) return;
  installed = true;
  let stopping: Promise<void> | null = null;
  const stop = () => (stopping ??= settle(onSignal));
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
  process.once(DRAINED_EVENT, () => void stop().then(() => settle(onDrained)));
}
