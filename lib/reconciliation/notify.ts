import type { NotificationEvent } from "@/lib/notifications/outbox";

/** A run ended with differences left for a person: whoever may settle them (finance, managers). */
export const reconciliationFound = (runId: string, open: number): NotificationEvent => ({
  kind: "reconciliationExceptions",
  params: { open },
  link: "/reconciliation",
  to: { permission: "reconciliation.manage" },
  onceKey: `reconciliation:${runId}`,
});
