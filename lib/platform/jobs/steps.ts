import "server-only";
import { log } from "@/lib/platform/log";

export type Step = [name: string, run: () => Promise<unknown>];

/**
 * Each step in turn, every one of them whatever the others do: a step that throws is logged and
 * the next runs (a failing chargeback reminder no longer kept the minute's kept totals from being
 * folded). The job still fails when any step did, with every error, so its queue sees it.
 */
export async function runSteps(steps: readonly Step[]): Promise<void> {
  const failed: unknown[] = [];
  for (const [name, run] of steps) {
    try {
      await run();
    } catch (error) {
      log.error({ err: error, step: name }, "a step of the sweep failed");
      failed.push(error);
    }
  }
  if (failed.length) throw new AggregateError(failed, `${failed.length} of ${steps.length} sweep steps failed`);
}
