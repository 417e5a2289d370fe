import type pg from "pg";
import { type EventText, event, setRefunded, type Known, moveForward } from "@/lib/ledger";
import type { Values } from "./verify";

// What the appliers of notifications (lib/webhooks/apply-*.ts) share.

export type Outcome = { state: "applied" | "unchanged" | "stale" | "unconfirmed"; detail: string };

export const int = (v: string | null | undefined) => (typeof v === "string" && /^-?\d+$/.test(v) ? BigInt(v) : null);

export type Row = {
  id: string;
  status: string;
  amount: string;
  amount_captured: string | null;
  amount_refunded: string | null;
  amount_authorized_remaining: string | null;
  type: string;
};
const SELECT_ROWS =
  "SELECT id, type, status, amount, amount_captured, amount_refunded, amount_authorized_remaining FROM ledger_transactions";

/** A locked row as the forward-only rule reads it. */
export const known = (row: Row): Known => ({
  type: row.type,
  status: row.status,
  amount: BigInt(row.amount),
  captured: int(row.amount_captured),
  refunded: int(row.amount_refunded),
  remaining: int(row.amount_authorized_remaining),
});

export const lockRow = async (client: pg.PoolClient, id: string) =>
  (await client.query<Row>(`${SELECT_ROWS} WHERE id = $1 FOR UPDATE`, [id])).rows[0];

/** Locks many rows in the order of their ids (every batch does, so none deadlocks another). */
export const lockRows = async (client: pg.PoolClient, ids: string[]) =>
  new Map(
    (await client.query<Row>(`${SELECT_ROWS} WHERE id = ANY($1::text[]) ORDER BY id FOR UPDATE`, [ids])).rows.map(
      (r) => [r.id, r],
    ),
  );

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
