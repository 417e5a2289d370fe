import "server-only";
import { config } from "@/lib/platform/config";
import { getBoss, QUEUES } from "@/lib/platform/jobs/boss";
import { log } from "@/lib/platform/log";

const RECONCILE_DELAYS_S = [5, 10, 30, 60, 120, 300, 600, 1800];
export function nextCheckDelaySeconds(checks: number) {
  const first = config().reconcileFirstCheckSeconds ?? RECONCILE_DELAYS_S[0]!;
  return checks === 0 ? first : (RECONCILE_DELAYS_S[checks] ?? 3600);
}

/** Queues a check of this operation; the minute sweep is the safety net if this fails. */
export async function scheduleReconcile(operationId: string, checks: number) {
  try {
    const boss = await getBoss();
    await boss.send(
      QUEUES.reconcile,
      { operationId },
      { singletonKey: operationId, startAfter: nextCheckDelaySeconds(checks) },
    );
  } catch (error) {
    log.warn(
      `Could not queue the check of operation ${operationId}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
