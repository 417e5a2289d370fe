import "server-only";
import { followOpenLinks } from "@/lib/payment-links/follow";
import { followSubOrders } from "@/lib/declarations/follow";
import { reconcileConfirms } from "@/lib/charges/confirm-reconcile";
import { log } from "@/lib/platform/log";

/** The minute follow job (QUEUES.follow). */
export async function followProviders() {
  const parts = {
    "payment links": followOpenLinks,
    "customs sub-orders": followSubOrders,
    "confirm outcomes": reconcileConfirms,
  };
  for (const [name, run] of Object.entries(parts)) {
    await run().catch((error: unknown) =>
      log.error(`[jobs] following ${name} failed: ${error instanceof Error ? error.message : String(error)}`),
    );
  }
}
