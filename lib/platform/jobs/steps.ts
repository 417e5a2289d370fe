import "server-only";
import { log } from "@/lib/platform/log";

export type Step = [name: string, run: () => Promise<unknown>];

/** Each step in turn whatever the others do; the job still fails, with every error, when any step did. */
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
