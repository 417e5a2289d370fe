import type pg from "pg";
import { parseApiTime } from "@/lib/upi/time";
import { applyChargebackStatus } from "@/lib/chargebacks/record";
import { int, type Outcome } from "./ledger-rows";
import type { Values } from "./verify";

// Chargeback notifications: the chargeback's status and history (lib/chargebacks/record.ts).

export async function applyChargeback(client: pg.PoolClient, v: Values, notificationId: string): Promise<Outcome> {
  if (!v.parent_id)
    return {
      state: "unconfirmed",
      detail: "Not yet tied to a charge: waiting for an inquiry of the charge with its reference.",
    };
  const changed = await applyChargebackStatus((text, params) => client.query(text, params).then((r) => r.rows), {
    id: v.id!,
    chargeId: v.parent_id,
    reference: v.reference || null,
    amount: int(v.amount) ?? 0n,
    currency: v.currency || "",
    status: v.status!,
    at: parseApiTime(v.time_completed) ?? new Date(),
    openedAt: parseApiTime(v.time_created),
    source: "webhook",
    notificationId,
    reason: v.reason || null,
  });
  if (changed.kind === "unknown_status")
    return { state: "unchanged", detail: `Unknown chargeback status “${v.status}”: recorded, not applied.` };
  if (changed.kind === "unchanged")
    return { state: "unchanged", detail: `Chargeback already has ${v.status} in its history.` };
  return {
    state: "applied",
    detail:
      changed.kind === "advanced"
        ? `Chargeback now ${changed.status}.`
        : `${v.status} added to the history; the chargeback stays ${changed.status}.`,
  };
}
