import "server-only";
import type pg from "pg";
import type { Charge } from "@/lib/upi";
import { chargebackStatus } from "@/lib/upi/shared";
import type { LedgerSide, Side } from "./compare";

const num = (v: string | null) => (v === null ? null : Number(v));
type Child = { id: string; type: string; status: string; amount: string; reference: string | null };

export async function ledgerSide(tx: pg.PoolClient, id: string): Promise<LedgerSide | null> {
  const [charge] = (
    await tx.query<{
      status: string;
      amount: string;
      currency: string;
      amount_captured: string | null;
      amount_refunded: string | null;
      cny_amount: string | null;
    }>(
      `SELECT status, amount, currency, amount_captured, amount_refunded, cny_amount
         FROM ledger_transactions WHERE id = $1`,
      [id],
    )
  ).rows;
  if (!charge) return null;
  const children = await tx.query<Child>(
    `SELECT id, type, status, amount, reference FROM ledger_transactions
      WHERE parent_id = $1 AND type IN ('capture', 'refund')`,
    [id],
  );
  const chargebacks = await tx.query<{ id: string; status: string; amount: string }>(
    "SELECT id, status, amount FROM chargebacks WHERE charge_id = $1",
    [id],
  );
  const operations = await tx.query<{ result_id: string | null; reference: string }>(
    "SELECT result_id, reference FROM operations WHERE transaction_id = $1 AND kind = 'refund'",
    [id],
  );
  const child = (type: string) =>
    children.rows
      .filter((c) => c.type === type)
      .map((c) => ({ id: c.id, status: c.status, amount: Number(c.amount), reference: c.reference }));
  return {
    status: charge.status,
    amount: Number(charge.amount),
    currency: charge.currency,
    captured: num(charge.amount_captured),
    refunded: num(charge.amount_refunded),
    cny: num(charge.cny_amount),
    captures: child("capture"),
    refunds: child("refund"),
    chargebacks: chargebacks.rows.map((b) => ({ id: b.id, status: b.status, amount: Number(b.amount) })),
    consoleRefunds: new Set(operations.rows.flatMap((o) => [o.reference, ...(o.result_id ? [o.result_id] : [])])),
  };
}

/** The inquiry's charge as compare.ts reads it; `cny` from the caller (a wallet asks Customs). */
export function providerSide(c: Charge, cny: number | null): Side {
  const child = (l: { id: string; status: string; amount: number; reference?: string | null }) => ({
    id: l.id,
    status: l.status,
    amount: l.amount,
    reference: l.reference ?? null,
  });
  return {
    status: c.status,
    amount: c.amount,
    currency: c.currency,
    captured: c.amount_captured ?? null,
    refunded: c.amount_refunded ?? null,
    cny,
    captures: c.captures.map(child),
    refunds: c.refunds.map(child),
    chargebacks: c.chargebacks.flatMap((b) =>
      b.id ? [{ id: b.id, status: chargebackStatus(b.status) ?? b.status, amount: b.amount ?? 0 }] : [],
    ),
  };
}
