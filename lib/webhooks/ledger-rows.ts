import type pg from "pg";
import type { Values } from "./verify";

// What the appliers of notifications (lib/webhooks/apply-*.ts) share: the
// ranks that keep them monotonic, and the ledger rows and events they read and write.

export type Outcome = { state: "applied" | "unchanged" | "stale" | "unconfirmed"; detail: string };

/** How far along a status is; a notification never moves a row to a lower rank. */
export const RANK: Record<string, number> = {
  initiated: 0,
  pending: 1,
  authorized: 2,
  succeeded: 3,
  canceled: 3,
  failed: 3,
};

export const int = (v: string | null | undefined) => (typeof v === "string" && /^-?\d+$/.test(v) ? BigInt(v) : null);
export const maxOf = (a: bigint | null, b: bigint | null) => (a === null ? b : b === null ? a : a > b ? a : b);

export async function event(client: pg.PoolClient, transactionId: string, summary: string, notificationId: string) {
  await client.query(
    "INSERT INTO ledger_events (transaction_id, kind, summary, detail) VALUES ($1, 'webhook', $2, $3)",
    [transactionId, summary, JSON.stringify({ notificationId })],
  );
}

export type Row = {
  id: string;
  status: string;
  amount: string;
  amount_captured: string | null;
  amount_refunded: string | null;
  type: string;
};
const SELECT_ROWS = "SELECT id, type, status, amount, amount_captured, amount_refunded FROM ledger_transactions";

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
