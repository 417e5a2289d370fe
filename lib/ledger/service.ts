import "server-only";
import { eventTextOf, said } from "./event-text";
import { db, inTransaction } from "@/lib/platform/db";
import { NotFound } from "@/lib/platform/errors";
import { getUpi, type Transaction } from "@/lib/upi";
import type { Actor } from "@/lib/platform/auth/actor";
import { type InstallmentsSent, recordTransaction } from "./record";
import { chargeTotals, inLedgerOrder } from "./totals";
import { cnyFenOf, vaultConsumer } from "./inquired";
import { clientLinksOf } from "./customer";
import { visibleTransaction } from "./fields";
import type { Grants } from "@/lib/platform/auth/permissions";
import { minorToNumber } from "@/lib/platform/money";

/** Inquires a transaction by its service id and writes it into the ledger. */
export async function importTransaction(
  id: string,
  actor: Actor,
  source: "import" | "inquiry" = "import",
  known?: Transaction,
) {
  const upi = await getUpi();
  const t = known ?? (await upi.getTransaction(id));
  const [cnyFen, consumer] = await Promise.all([cnyFenOf(t), vaultConsumer(t)]);
  const summary = said(source === "import" ? "imported" : "refreshed", { actor: actor.user.email });
  await inTransaction((tx) =>
    recordTransaction(t, { source, summary, actorEmail: actor.user.email, cnyFen, ...consumer }, tx),
  );
  return getTransactionDetail(id, actor.user);
}

export async function refreshTransaction(id: string, actor: Actor) {
  const existing = await db.ledgerTransaction.findUnique({ where: { id }, select: { id: true } });
  if (!existing) throw new NotFound("This transaction is not in the ledger. Import it by id first.");
  return importTransaction(id, actor, "inquiry");
}

const n = minorToNumber;

/** Whether the ledger holds this transaction (its page's layout answers 404 otherwise). */
export const transactionExists = async (id: string) => (await db.ledgerTransaction.count({ where: { id } })) > 0;

/** A transaction as a person of these permissions may read it (lib/ledger/fields.ts). */
export async function getTransactionDetail(id: string, who: Grants) {
  const t = await db.ledgerTransaction.findUnique({
    where: { id },
    include: { events: { orderBy: [{ at: "asc" }, { id: "asc" }] } },
  });
  if (!t) throw new NotFound("No transaction with this id in the ledger.");
  const children = inLedgerOrder(await db.ledgerTransaction.findMany({ where: { parentId: id } }));
  const totals =
    t.type === "charge"
      ? chargeTotals(
          {
            amount: Number(t.amount),
            amountCaptured: n(t.amountCaptured),
            amountRefunded: n(t.amountRefunded),
            remainingToCapture: n(t.amountAuthorizedRemaining) ?? 0,
          },
          children,
        )
      : {
          amountCaptured: n(t.amountCaptured),
          amountRefunded: n(t.amountRefunded),
          remainingToCapture: 0,
          remainingToRefund: 0,
        };
  return visibleTransaction(
    {
      id: t.id,
      type: t.type,
      reference: t.reference,
      parentId: t.parentId,
      method: t.method,
      status: t.status,
      amount: Number(t.amount),
      ...totals,
      currency: t.currency,
      country: t.country,
      cnyAmount: n(t.cnyAmount),
      paymentType: t.paymentType,
      panMasked: t.panMasked,
      vaultToken: t.vaultToken,
      consumerReference: t.consumerReference,
      customerEmail: t.customerEmail,
      customerName: t.customerName,
      cardholderName: t.cardholderName,
      installments: installmentsOf(t.installments),
      paymentLinks: t.type === "charge" ? clientLinksOf(t.payload) : [],
      autoCapture: t.autoCapture,
      chargeToken: t.type === "charge" && t.status === "initiated" ? t.chargeToken : null,
      timeCreated: t.timeCreated.toISOString(),
      timeCaptured: t.timeCaptured?.toISOString() ?? null,
      timeCanceled: t.timeCanceled?.toISOString() ?? null,
      expiry: t.expiry?.toISOString() ?? null,
      payload: t.payload,
      source: t.source,
      updatedAt: t.updatedAt.toISOString(),
      children: children.map((c) => ({
        id: c.id,
        type: c.type,
        reference: c.reference,
        status: c.status,
        amount: Number(c.amount),
        currency: c.currency,
        timeCreated: c.timeCreated.toISOString(),
      })),
      events: t.events.map((e) => ({
        id: String(e.id),
        at: e.at.toISOString(),
        kind: e.kind,
        summary: e.summary,
        text: eventTextOf(e.detail),
        actorEmail: e.actorEmail,
      })),
    },
    who,
  );
}
export type TransactionDetail = Awaited<ReturnType<typeof getTransactionDetail>>;

const int = (v: unknown) => (typeof v === "number" && Number.isSafeInteger(v) ? v : undefined);

export function installmentsOf(stored: unknown): InstallmentsSent | null {
  if (!stored || typeof stored !== "object" || Array.isArray(stored)) return null;
  const o = stored as Record<string, unknown>;
  const promo = Array.isArray(o.promo) ? o.promo.filter((p): p is string => typeof p === "string") : [];
  const read: InstallmentsSent = {
    ...(typeof o.id === "string" ? { id: o.id } : {}),
    ...(int(o.payment_number) !== undefined ? { payment_number: int(o.payment_number) } : {}),
    ...(int(o.quantity) !== undefined ? { quantity: int(o.quantity) } : {}),
    ...(promo.length ? { promo } : {}),
  };
  return Object.keys(read).length ? read : null;
}
