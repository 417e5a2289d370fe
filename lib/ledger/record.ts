import "server-only";
import type pg from "pg";
import { addEvent, upsertRow } from "./writer";
import type { Prisma } from "@/lib/generated/prisma/client";
import { parseApiTime, type Charge, type Transaction } from "@/lib/upi";
import { scrubCardData } from "./scrub";
import { applyChargebackStatus } from "./chargebacks";
import { customerOf, type CustomerSent } from "./customer";
import { MULTI_CAPTURE_OPEN_SQL } from "./multi-capture";
import { type Heard, type Known, mayHold, moveForward } from "./forward";
import type { EventText } from "./event-text";
import { englishLine } from "./event-line";

export type RecordContext = {
  source: "console" | "webhook" | "import" | "inquiry";
  summary: EventText;
  actorEmail?: string | null;
  parentId?: string | null;
  cnyFen?: number | null;
  consumerReference?: string | null;
  sent?: { consumer?: CustomerSent; card?: CustomerSent; installments?: InstallmentsSent };
  noEvent?: boolean;
};

/** The charge request's installments object, in the spec's shape, as the console sent it. */
export type InstallmentsSent = { id?: string; payment_number?: number; quantity?: number; promo?: string[] };

type Tx = pg.PoolClient;
const big = (v: number | null | undefined) => (v === null || v === undefined ? null : BigInt(v));
const time = (v: unknown) => parseApiTime(v);
/** The last four digits of a masked pan ("411111******1111"), the only part kept for search. */
export const lastFour = (pan: string | null | undefined) => (pan ? (/(\d{4})\D*$/.exec(pan)?.[1] ?? null) : null);

function rowOf(t: Transaction, ctx: RecordContext, parentId: string | null) {
  const payment = (
    t as {
      payment?: {
        method?: string | null;
        type?: string | null;
        token?: string | null;
        data?: { pan?: string | null } | null;
      };
    }
  ).payment;
  const base = {
    reference: t.reference ?? null,
    status: t.status,
    amount: BigInt(t.amount),
    currency: t.currency,
    country: ((t as { country?: string | null }).country ?? null) || null,
    method: payment?.method ?? null,
    paymentType: payment?.type ?? null,
    panMasked: payment?.data?.pan ?? null,
    cardLast4: lastFour(payment?.data?.pan),
    vaultToken: payment?.token || null,
    timeCreated: time(t.time_created) ?? new Date(),
    payload: scrubCardData(t) as Prisma.InputJsonValue,
    source: ctx.source,
    parentId,
  };
  if (t.object === "capture")
    return { ...base, type: "capture" as const, amountCaptured: big(t.amount_captured ?? t.amount) };
  if (t.object === "refund")
    return { ...base, type: "refund" as const, amountRefunded: big(t.amount_refunded ?? t.amount) };
  if (t.object === "cancel") return { ...base, type: "cancel" as const };
  const c = t as Charge;
  const who = customerOf(c as never, ctx.sent);
  return {
    ...(who.customerEmail ? { customerEmail: who.customerEmail } : {}),
    ...(who.customerName ? { customerName: who.customerName } : {}),
    ...(who.cardholderName ? { cardholderName: who.cardholderName } : {}),
    ...(ctx.sent?.installments ? { installments: ctx.sent.installments as Prisma.InputJsonValue } : {}),
    ...base,
    type: "charge" as const,
    amountCaptured: big(c.amount_captured),
    amountRefunded: big(c.amount_refunded),
    amountAuthorizedRemaining: big(c.amount_authorized_remaining),
    autoCapture: c.auto_capture ?? null,
    chargeToken: c.charge_token ?? undefined,
    timeCaptured: time(c.time_captured),
    timeCanceled: time(c.time_canceled),
    expiry: c.expiry ? time(c.expiry) : null,
    ...(ctx.cnyFen !== undefined && ctx.cnyFen !== null ? { cnyAmount: BigInt(ctx.cnyFen) } : {}),
    ...(ctx.consumerReference ? { consumerReference: ctx.consumerReference } : {}),
  };
}

type LedgerRow = ReturnType<typeof rowOf>;

export type LockedRow = {
  id: string;
  type: string;
  status: string;
  amount: string;
  amount_captured: string | null;
  amount_refunded: string | null;
  amount_authorized_remaining: string | null;
};
const LOCKED =
  "SELECT id, type, status, amount, amount_captured, amount_refunded, amount_authorized_remaining FROM ledger_transactions";
const int8 = (v: string | null) => (v === null ? null : BigInt(v));

export const known = (row: LockedRow): Known => ({
  type: row.type,
  status: row.status,
  amount: BigInt(row.amount),
  captured: int8(row.amount_captured),
  refunded: int8(row.amount_refunded),
  remaining: int8(row.amount_authorized_remaining),
});

export const lockRow = async (tx: Tx, id: string): Promise<LockedRow | undefined> =>
  (await tx.query<LockedRow>(`${LOCKED} WHERE id = $1 FOR UPDATE`, [id])).rows[0];

/** Many rows locked in the order of their ids (every batch does, so none deadlocks another). */
export const lockRows = async (tx: Tx, ids: string[]) =>
  new Map(
    (await tx.query<LockedRow>(`${LOCKED} WHERE id = ANY($1::text[]) ORDER BY id FOR UPDATE`, [ids])).rows.map((r) => [
      r.id,
      r,
    ]),
  );

/** The ledger's row as the forward-only rule reads it, locked for the rest of the transaction. */
export async function lockKnown(tx: Tx, id: string): Promise<Known | null> {
  const row = await lockRow(tx, id);
  return row ? known(row) : null;
}

/** What we heard may be older than the ledger (ADR 0016): the row moves only forward, locked till commit. */
async function forwardOnly<R extends LedgerRow>(tx: Tx, id: string, row: R): Promise<R> {
  const known = await lockKnown(tx, id);
  if (!known) return row;
  const heard: Heard = {
    status: row.status,
    captured: "amountCaptured" in row ? row.amountCaptured : null,
    refunded: "amountRefunded" in row ? row.amountRefunded : null,
    remaining: row.type === "charge" ? row.amountAuthorizedRemaining : null,
  };
  const open =
    mayHold(known, heard) && (await tx.query<{ open: boolean }>(MULTI_CAPTURE_OPEN_SQL, [[id]])).rows[0]?.open === true;
  const moved = moveForward(known, heard, open);
  const merged: LedgerRow = { ...row, status: moved.status };
  if ("amountCaptured" in merged) merged.amountCaptured = moved.captured;
  if ("amountRefunded" in merged) merged.amountRefunded = moved.refunded;
  if (merged.type === "charge") {
    merged.amountAuthorizedRemaining = moved.remaining;
    if (merged.timeCaptured === null) delete (merged as { timeCaptured?: Date | null }).timeCaptured;
    if (merged.timeCanceled === null) delete (merged as { timeCanceled?: Date | null }).timeCanceled;
  }
  return merged as R;
}

/** Writes what the payment API said about a transaction into the ledger, with an event on its timeline. */
export async function recordTransaction(t: Transaction, ctx: RecordContext, tx: Tx): Promise<void> {
  const parentId =
    ctx.parentId ?? (t.object !== "charge" && "parent_id" in t && typeof t.parent_id === "string" ? t.parent_id : null);
  if (t.object === "cancel") {
    const existing = (await tx.query<{ type: string }>("SELECT type FROM ledger_transactions WHERE id = $1", [t.id]))
      .rows[0];
    if (t.id === parentId || existing?.type === "charge") {
      await addEvent(tx, {
        transactionId: t.id,
        kind: ctx.source,
        summary: englishLine(ctx.summary),
        actorEmail: ctx.actorEmail ?? null,
        detail: { status: t.status, cancelReference: t.reference ?? null, text: ctx.summary },
      });
      return;
    }
  }
  if (t.object === "charge" && (t as Charge).chargebacks.some((b) => b.id))
    // Report totals' key taken exclusively before the row (its trigger takes it shared): else two writers deadlock.
    await tx.query("SELECT 1 FROM pg_advisory_xact_lock(hashtext('report_buckets.disputed'), hashtext($1) & 255)", [
      t.id,
    ]);
  const row = await forwardOnly(tx, t.id, rowOf(t, ctx, parentId));
  await upsertRow(tx, t.id, row);
  if (!ctx.noEvent)
    await addEvent(tx, {
      transactionId: t.id,
      kind: ctx.source,
      summary: englishLine(ctx.summary),
      actorEmail: ctx.actorEmail ?? null,
      detail: { status: t.status, text: ctx.summary },
    });
  if (row.type === "charge") {
    const charge = t as Charge;
    const children = [
      ...charge.captures.map((c) => ({ ...c, object: "capture" as const })),
      ...charge.refunds.map((r) => ({ ...r, object: "refund" as const })),
    ];
    for (const child of children) {
      const childRow = await forwardOnly(tx, child.id, rowOf(child as Transaction, { ...ctx, cnyFen: null }, t.id));
      await upsertRow(tx, child.id, childRow);
    }
    if (row.vaultToken) {
      await tx.query(
        `INSERT INTO vault_tokens (token, method, brand, pan_masked, status, source, reference, consumer_reference, updated_at)
         VALUES ($1, $2, $3, $4, 'active', 'charge', NULL, $5, now()) ON CONFLICT (token) DO NOTHING`,
        [row.vaultToken, row.method, row.paymentType, row.panMasked, ctx.consumerReference ?? null],
      );
    }
    const sql = (text: string, params: unknown[]) =>
      tx.query<Record<string, unknown>>(text, params).then((r) => r.rows);
    for (const b of charge.chargebacks) {
      if (!b.id) continue;
      await applyChargebackStatus(sql, {
        id: b.id,
        chargeId: t.id,
        reference: t.reference ?? null,
        amount: BigInt(b.amount ?? 0),
        currency: b.currency ?? t.currency,
        status: b.status,
        at: new Date(),
        openedAt: null,
        source: "inquiry",
        reason: b.reason ?? null,
      });
    }
  }
}
