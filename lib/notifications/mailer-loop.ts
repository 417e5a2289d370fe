import "server-only";
import { log } from "@/lib/platform/log";
import { deliverDue } from "./deliver";
import { deliverChatDue } from "./chat-deliver";
import { sendDigests } from "./digest";

const POLL_MS = 2000;

/** `also`: more mail of the same kind from above (the scheduled reports, lib/reports), sent each tick too. */
export function startMailer({ pollMs = POLL_MS, also = [] as (() => Promise<unknown>)[] } = {}) {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    running = Promise.allSettled([deliverDue(), deliverChatDue(), sendDigests(), ...also.map((f) => f())])
      .then((results) => {
        for (const r of results) if (r.status === "rejected") throw r.reason;
      })
      .catch((error) => log.error(`[notifications] ${error instanceof Error ? error.message : error}`))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, pollMs);
      });
  };
  timer = setTimeout(tick, 0);
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
