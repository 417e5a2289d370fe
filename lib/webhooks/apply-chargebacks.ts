import type pg from "pg";
import { parseApiTime } from "@/lib/upi";
import { isKnownCurrency } from "@/lib/platform/money";
import { applyChargebackStatus } from "@/lib/ledger";
import { int, type Outcome } from "./ledger-rows";
import type { Values } from "./verify";

const notified = (v: Values, notificationId: string, chargeId: string | null) => ({
  id: v.id!,
  chargeId,
  reference: v.reference || null,
  amount: int(v.amount) ?? 0n,
  currency: isKnownCurrency(v.currency ?? "") ? v.currency! : "",
  status: v.status!,
  at: parseApiTime(v.time_completed) ?? new Date(),
  openedAt: parseApiTime(v.time_created),
  source: "webhook" as const,
  notificationId,
  reason: v.reason || null,
});

/** A chargeback no inquiry ties to a charge yet, kept untied so the lists show it; the sweep ties it later. */
export async function recordUntiedChargeback(pool: pg.Pool, v: Values, notificationId: string) {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    const changed = await applyChargebackStatus(
      (text, params) => client.query(text, params).then((r) => r.rows),
      notified(v, notificationId, null),
    );
    await client.query("COMMIT");
    return changed.kind !== "unknown_status";
  } catch (error) {
    await client.query("ROLLBACK");
    throw error;
  } finally {
    client.release();
  }
}

export async function applyChargeback(client: pg.PoolClient, v: Values, notificationId: string): Promise<Outcome> {
  if (!v.parent_id || !isKnownCurrency(v.currency ?? ""))
    return {
      state: "unconfirmed",
      detail: "Not yet tied to a charge: waiting for an inquiry of the charge with its reference.",
    };
  const changed = await applyChargebackStatus(
    (text, params) => client.query(text, params).then((r) => r.rows),
    notified(v, notificationId, v.parent_id),
  );
  if (changed.kind === "unknown_status")
    return { state: "unchanged", detail: `Unknown chargeback status “${v.status}”: recorded, not applied.` };
  if (changed.kind === "tied") return { state: "applied", detail: "Chargeback tied to its charge." };
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
