import "server-only";
import { followOpenLinks } from "@/lib/payment-links";
import { followSubOrders } from "@/lib/declarations";
import { reconcileConfirms } from "@/lib/charges";
import { fillHeardCharges } from "@/lib/ledger";
import { log } from "@/lib/platform/log";

/** The minute follow job (QUEUES.follow). */
export async function followProviders() {
  const parts = {
    "payment links": followOpenLinks,
    "customs sub-orders": followSubOrders,
    "confirm outcomes": reconcileConfirms,
    "charges heard only from a notification": fillHeardCharges,
  };
  for (const [name, run] of Object.entries(parts)) {
    await run().catch((error: unknown) =>
      log.error(`[jobs] following ${name} failed: ${error instanceof Error ? error.message : String(error)}`),
    );
  }
}
