import type pg from "pg";
import { type EventText, event, known, lockRows, setRefunded, moveForward } from "@/lib/ledger";
import type { Values } from "./verify";

// What the appliers of notifications (lib/webhooks/apply-*.ts) share.

export type Outcome = { state: "applied" | "unchanged" | "stale" | "unconfirmed"; detail: string };

export const int = (v: string | null | undefined) => (typeof v === "string" && /^-?\d+$/.test(v) ? BigInt(v) : null);

/** What the ledger keeps as the payload of a row first heard of by notification. */
export function notificationPayload(v: Values) {
  const { sign: _sign, fields: _fields, ...rest } = v;
  return { source: "notification", ...rest };
}

/** Each charge's refunded amount raised to its successful refunds, never lowered (each charge held by the caller). */
export async function raiseRefunded(
  client: pg.PoolClient,
  charges: { id: string; notificationId: string; summary: EventText }[],
) {
  if (charges.length === 0) return;
  // The sums first: a charge no successful refund names (the usual case) needs no more.
  const { rows: sums } = await client.query<{ parent_id: string; sum: string }>(
    `SELECT parent_id, sum(amount) AS sum FROM ledger_transactions
      WHERE parent_id = ANY($1::text[]) AND type = 'refund' AND status = 'succeeded' GROUP BY parent_id`,
    [charges.map((c) => c.id)],
  );
  if (sums.length === 0) return;
  const rows = await lockRows(
    client,
    charges.map((c) => c.id),
  );
  const summed = new Map(sums.map((s) => [s.parent_id, int(s.sum)]));
  for (const charge of charges) {
    const row = rows.get(charge.id);
    if (row?.type !== "charge" || !summed.has(charge.id)) continue;
    const { refunded } = moveForward(known(row), { status: row.status, refunded: summed.get(charge.id) }, false);
    if (refunded === int(row.amount_refunded)) continue;
    await setRefunded(client, charge.id, refunded);
    await event(client, charge.id, charge.summary, charge.notificationId);
  }
}
