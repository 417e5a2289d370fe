import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Charge } from "@/lib/upi";
import { chargebackStatus } from "@/lib/upi/shared";
import type { LedgerSide, Side } from "./compare";

type Tx = Prisma.TransactionClient;
const num = (v: bigint | null) => (v === null ? null : Number(v));

export async function ledgerSide(tx: Tx, id: string): Promise<LedgerSide | null> {
  const charge = await tx.ledgerTransaction.findUnique({ where: { id } });
  if (!charge) return null;
  const [children, chargebacks, operations] = await Promise.all([
    tx.ledgerTransaction.findMany({ where: { parentId: id, type: { in: ["capture", "refund"] } } }),
    tx.chargeback.findMany({ where: { chargeId: id } }),
    tx.operation.findMany({
      where: { transactionId: id, kind: "refund" },
      select: { resultId: true, reference: true },
    }),
  ]);
  const child = (type: string) =>
    children
      .filter((c) => c.type === type)
      .map((c) => ({ id: c.id, status: c.status, amount: Number(c.amount), reference: c.reference }));
  return {
    status: charge.status,
    amount: Number(charge.amount),
    currency: charge.currency,
    captured: num(charge.amountCaptured),
    refunded: num(charge.amountRefunded),
    cny: num(charge.cnyAmount),
    captures: child("capture"),
    refunds: child("refund"),
    chargebacks: chargebacks.map((b) => ({ id: b.id, status: b.status, amount: Number(b.amount) })),
    consoleRefunds: new Set(operations.flatMap((o) => [o.reference, ...(o.resultId ? [o.resultId] : [])])),
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
