import "server-only";
import type pg from "pg";
import type { Sql } from "@/lib/platform/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { EventText } from "./event-text";
import { type EventRow, englishLine } from "./event-line";

// The one writer of ledger_transactions and ledger_events (ADR 0016; scripts/architecture.test.ts checks).

export type ChargeInsert = {
  id: string;
  reference: string | null;
  status: string;
  amount: bigint;
  captured: bigint | null;
  refunded: bigint | null;
  currency: string;
  method: string | null;
  timeCreated: Date;
  timeCaptured: Date | null;
  timeCanceled: Date | null;
  payload: string;
};
export type ChargeUpdate = {
  id: string;
  status: string;
  captured: bigint | null;
  refunded: bigint | null;
  remaining: bigint | null;
  at: Date;
};
const big = (v: bigint | null) => (v === null ? null : v.toString());
const iso = (d: Date | null) => d?.toISOString() ?? null;

export type ChargeEvent = { transactionId: string; summary: EventText; notificationId: string; onInsert: boolean };

/**
 * One round of charge notifications in one statement: new charges inserted (another applier may
 * have been first: answers the ids this one inserted), known ones moved, and each event written
 * (one `onInsert` only where its charge was inserted here).
 */
export async function writeCharges(
  client: pg.PoolClient,
  inserts: ChargeInsert[],
  updates: ChargeUpdate[],
  events: ChargeEvent[],
): Promise<Set<string>> {
  if (!inserts.length && !updates.length && !events.length) return new Set();
  const { rows: inserted } = await client.query<{ id: string }>(
    `WITH ins AS (
       INSERT INTO ledger_transactions (id, type, reference, status, amount, amount_captured, amount_refunded, currency, method, time_created, time_captured, time_canceled, payload, source, updated_at)
       SELECT d.id, 'charge'::"TransactionType", d.reference, d.status, d.amount, d.captured, d.refunded, d.currency, d.method, d.created, d.captured_at, d.canceled_at, d.payload, 'webhook', now()
         FROM unnest($1::text[], $2::text[], $3::text[], $4::bigint[], $5::bigint[], $6::bigint[], $7::text[], $8::text[], $9::timestamptz[], $10::timestamptz[], $11::timestamptz[], $12::jsonb[])
           AS d(id, reference, status, amount, captured, refunded, currency, method, created, captured_at, canceled_at, payload)
       ON CONFLICT (id) DO NOTHING RETURNING id),
     upd AS (
       UPDATE ledger_transactions t SET status = d.status, amount_captured = d.captured, amount_refunded = d.refunded,
         amount_authorized_remaining = d.remaining,
         time_captured = CASE WHEN d.status = 'succeeded' THEN coalesce(t.time_captured, d.at) ELSE t.time_captured END,
         time_canceled = CASE WHEN d.status = 'canceled' THEN coalesce(t.time_canceled, d.at) ELSE t.time_canceled END,
         updated_at = now()
        FROM unnest($13::text[], $14::text[], $15::bigint[], $16::bigint[], $17::bigint[], $18::timestamptz[]) AS d(id, status, captured, refunded, remaining, at)
       WHERE t.id = d.id RETURNING t.id),
     ev AS (
       INSERT INTO ledger_events (transaction_id, kind, summary, detail)
       SELECT e.t, 'webhook', e.s, jsonb_build_object('notificationId', e.n, 'text', e.k::jsonb)
         FROM unnest($19::text[], $20::text[], $21::text[], $22::text[], $23::boolean[]) WITH ORDINALITY AS e(t, s, n, k, on_insert, i)
        WHERE NOT e.on_insert OR e.t IN (SELECT id FROM ins)
        ORDER BY e.i RETURNING 1)
     SELECT id FROM ins`,
    [
      inserts.map((r) => r.id),
      inserts.map((r) => r.reference),
      inserts.map((r) => r.status),
      inserts.map((r) => big(r.amount)),
      inserts.map((r) => big(r.captured)),
      inserts.map((r) => big(r.refunded)),
      inserts.map((r) => r.currency),
      inserts.map((r) => r.method),
      inserts.map((r) => iso(r.timeCreated)),
      inserts.map((r) => iso(r.timeCaptured)),
      inserts.map((r) => iso(r.timeCanceled)),
      inserts.map((r) => r.payload),
      updates.map((r) => r.id),
      updates.map((r) => r.status),
      updates.map((r) => big(r.captured)),
      updates.map((r) => big(r.refunded)),
      updates.map((r) => big(r.remaining)),
      updates.map((r) => iso(r.at)),
      events.map((e) => e.transactionId),
      events.map((e) => englishLine(e.summary)),
      events.map((e) => e.notificationId),
      events.map((e) => JSON.stringify(e.summary)),
      events.map((e) => e.onInsert),
    ],
  );
  return new Set(inserted.map((r) => r.id));
}

/** A refund first heard of by notification; answers whether it was inserted (another applier may have been first). */
export async function insertRefund(
  client: pg.PoolClient,
  r: {
    id: string;
    reference: string | null;
    parentId: string | null;
    status: string;
    amount: bigint;
    currency: string;
    method: string | null;
    timeCreated: Date;
    payload: string;
  },
): Promise<boolean> {
  const inserted = await client.query(
    `INSERT INTO ledger_transactions (id, type, reference, parent_id, status, amount, amount_refunded, currency, method, time_created, payload, source, updated_at)
     VALUES ($1, 'refund', $2, $3, $4, $5, $5, $6, $7, $8, $9, 'webhook', now()) ON CONFLICT (id) DO NOTHING`,
    [r.id, r.reference, r.parentId, r.status, r.amount, r.currency, r.method, r.timeCreated, r.payload],
  );
  return (inserted.rowCount ?? 0) > 0;
}

/** A row's status moved forward (moveForward decided it on the locked row). */
export const setStatus = (client: pg.PoolClient, id: string, status: string) =>
  client.query("UPDATE ledger_transactions SET status = $2, updated_at = now() WHERE id = $1", [id, status]);

/** A charge's refunded amount raised to the refunds the ledger knows succeeded (moved forward). */
export const setRefunded = (client: pg.PoolClient, id: string, refunded: bigint | null) =>
  client.query("UPDATE ledger_transactions SET amount_refunded = $2, updated_at = now() WHERE id = $1", [id, refunded]);

/** The CNY amount the service gave; answers how many rows changed. */
export async function setCnyAmount(sql: Sql, id: string, fen: bigint | number): Promise<number> {
  const r = await sql.query(
    "UPDATE ledger_transactions SET cny_amount = $2, updated_at = now() WHERE id = $1 AND cny_amount IS DISTINCT FROM $2",
    [id, fen],
  );
  return r.rowCount ?? 0;
}

export async function event(client: pg.PoolClient, transactionId: string, text: EventText, notificationId: string) {
  await client.query(
    "INSERT INTO ledger_events (transaction_id, kind, summary, detail) VALUES ($1, 'webhook', $2, $3)",
    [transactionId, englishLine(text), JSON.stringify({ notificationId, text })],
  );
}

/** A ledger row's columns as the console's writers give them, by the schema's field names. */
export type LedgerRow = Omit<
  Prisma.LedgerTransactionUncheckedCreateInput,
  "id" | "createdAt" | "updatedAt" | "events" | "operations" | "notes"
>;
const COLUMN: { [K in keyof LedgerRow]-?: string } = {
  type: "type",
  reference: "reference",
  parentId: "parent_id",
  method: "method",
  status: "status",
  amount: "amount",
  amountCaptured: "amount_captured",
  amountRefunded: "amount_refunded",
  amountAuthorizedRemaining: "amount_authorized_remaining",
  currency: "currency",
  country: "country",
  cnyAmount: "cny_amount",
  paymentType: "payment_type",
  panMasked: "pan_masked",
  vaultToken: "vault_token",
  consumerReference: "consumer_reference",
  customerEmail: "customer_email",
  customerName: "customer_name",
  cardholderName: "cardholder_name",
  installments: "installments",
  cardLast4: "card_last4",
  autoCapture: "auto_capture",
  chargeToken: "charge_token",
  timeCreated: "time_created",
  timeCaptured: "time_captured",
  timeCanceled: "time_canceled",
  expiry: "expiry",
  payload: "payload",
  source: "source",
};
const JSON_FIELDS = new Set<string>(["installments", "payload"]);
const param = (field: string, v: unknown) => (v !== null && JSON_FIELDS.has(field) ? JSON.stringify(v) : v);
const given = (row: Partial<LedgerRow>) =>
  (Object.keys(row) as (keyof LedgerRow)[]).filter((f) => f in COLUMN && row[f] !== undefined);

/** Writes a row as moved forward (lib/ledger/record.ts, payment links): created, or brought up to date with `update`. */
export async function upsertRow(client: pg.PoolClient, id: string, row: LedgerRow, update: Partial<LedgerRow> = row) {
  const fields = given(row);
  const changed = given(update);
  const values = [id, ...fields.map((f) => param(f, row[f])), ...changed.map((f) => param(f, update[f]))];
  const sets = changed.map((f, i) => `${COLUMN[f]} = $${fields.length + 2 + i}`);
  await client.query(
    `INSERT INTO ledger_transactions (id, ${fields.map((f) => COLUMN[f]).join(", ")}, updated_at)
     VALUES ($1, ${fields.map((_, i) => `$${i + 2}`).join(", ")}, now())
     ON CONFLICT (id) DO UPDATE SET ${[...sets, "updated_at = now()"].join(", ")}`,
    values,
  );
}

/** An event on a transaction's timeline (./event-line.ts's consoleEvent builds the console's). */
export async function addEvent(sql: Sql, e: EventRow) {
  await sql.query(
    `INSERT INTO ledger_events (transaction_id, kind, summary, actor_email, detail, at)
     VALUES ($1, $2, $3, $4, $5, clock_timestamp())`,
    [e.transactionId, e.kind, e.summary, e.actorEmail ?? null, e.detail ? JSON.stringify(e.detail) : null],
  );
}

/** A charge's refunded amount raised to the refunds the ledger knows succeeded (never lowered); answers whether the ledger holds the charge. */
export async function raiseRefunded(client: pg.PoolClient, chargeId: string): Promise<boolean> {
  const { rows } = await client.query<{ counted: boolean }>(
    `WITH s AS (SELECT coalesce(sum(amount), 0) AS sum FROM ledger_transactions
                 WHERE parent_id = $1 AND type = 'refund' AND status = 'succeeded'),
          up AS (UPDATE ledger_transactions t SET amount_refunded = s.sum, updated_at = now() FROM s
                  WHERE t.id = $1 AND t.type = 'charge' AND coalesce(t.amount_refunded, 0) < s.sum RETURNING 1)
     SELECT EXISTS (SELECT 1 FROM ledger_transactions t, s WHERE t.id = $1 AND t.type = 'charge') AS counted`,
    [chargeId],
  );
  return rows[0]?.counted ?? false;
}
