import "server-only";
import { db, pool } from "@/lib/platform/db";
import { NotFound } from "@/lib/platform/errors";
import { can, type Grants } from "@/lib/platform/auth/permissions";
import type { Chargeback } from "@/lib/generated/prisma/client";

const LIST = 200;
/** Rows of each kind the customer page shows: the newest, with the way to the rest. */
export const SHOWN = 25;

const chargebackRow = (c: Chargeback) => ({
  id: c.id,
  chargeId: c.chargeId,
  amount: Number(c.amount),
  currency: c.currency,
  status: c.status,
  outcome: c.outcome,
  openedAt: c.openedAt.toISOString(),
  href: `/chargebacks/${encodeURIComponent(c.id)}`,
});
const CHARGE_ROWS = `FROM ledger_transactions WHERE consumer_reference >= $1 AND consumer_reference <= $1 AND type = 'charge'`;
const CHARGES = `SELECT id ${CHARGE_ROWS}`;

type Money = Record<string, number>;
const add = (m: Money, currency: string, v: unknown) => {
  m[currency] = (m[currency] ?? 0) + Number(v ?? 0);
};

async function totals(reference: string) {
  const [charges, refunds, chargebacks] = await Promise.all([
    pool.query<{ currency: string; n: string; captured: string }>(
      `SELECT currency, count(*) AS n, sum(coalesce(amount_captured, 0)) AS captured ${CHARGE_ROWS} GROUP BY currency`,
      [reference],
    ),
    pool.query<{ currency: string; n: string; amount: string }>(
      `SELECT r.currency, count(*) AS n, sum(r.amount) AS amount
         FROM (${CHARGES}) c
         CROSS JOIN LATERAL (SELECT currency, amount FROM ledger_transactions
                              WHERE parent_id = c.id AND type = 'refund' AND status = 'succeeded' OFFSET 0) r
        GROUP BY r.currency`,
      [reference],
    ),
    pool.query<{ currency: string; n: string; amount: string; lost: string }>(
      `SELECT b.currency, count(*) AS n, sum(b.amount) AS amount,
              sum(CASE WHEN b.outcome = 'Lost' THEN b.amount ELSE 0 END) AS lost
         FROM (${CHARGES}) c
         CROSS JOIN LATERAL (SELECT currency, amount, outcome FROM chargebacks WHERE charge_id = c.id OFFSET 0) b
        GROUP BY b.currency`,
      [reference],
    ),
  ]);
  const currencies = [
    ...new Set([...charges.rows, ...refunds.rows, ...chargebacks.rows].map((r) => r.currency)),
  ].sort();
  const captured: Money = {};
  const refunded: Money = {};
  const disputed: Money = {};
  const lost: Money = {};
  for (const r of charges.rows) add(captured, r.currency, r.captured);
  for (const r of refunds.rows) add(refunded, r.currency, r.amount);
  for (const r of chargebacks.rows) {
    add(disputed, r.currency, r.amount);
    add(lost, r.currency, r.lost);
  }
  const chargeCount = charges.rows.reduce((s, r) => s + Number(r.n), 0);
  const chargebackCount = chargebacks.rows.reduce((s, r) => s + Number(r.n), 0);
  return {
    byCurrency: currencies.map((currency) => ({
      currency,
      charges: Number(charges.rows.find((r) => r.currency === currency)?.n ?? 0),
      captured: captured[currency] ?? 0,
      refunded: refunded[currency] ?? 0,
      net: (captured[currency] ?? 0) - (refunded[currency] ?? 0) - (lost[currency] ?? 0),
      disputed: disputed[currency] ?? 0,
      chargebacks: Number(chargebacks.rows.find((r) => r.currency === currency)?.n ?? 0),
    })),
    chargeCount,
    chargebackCount,
    chargebackRatio: chargeCount === 0 ? null : chargebackCount / chargeCount,
  };
}

/** Whether a charge — or, for a role that may read the vault, a stored card. */
export async function customerExists(reference: string, who: Grants) {
  const [charge, cards] = await Promise.all([
    // In the order of the (consumer reference, time, id) index: a bare LIMIT 1 walked the primary key (4.3 s).
    db.ledgerTransaction.findFirst({
      where: { consumerReference: reference, type: "charge" },
      orderBy: [{ timeCreated: "desc" }, { id: "desc" }],
      select: { id: true },
    }),
    can(who, "vault.read") ? db.vaultToken.count({ where: { consumerReference: reference }, take: 1 }) : 0,
  ]);
  return charge !== null || cards > 0;
}

/** One consumer: the lifetime totals, and the newest `shown` (at most LIST) of each kind of record. */
export async function getCustomer(reference: string, who: Grants, shown = LIST) {
  const take = Math.min(shown, LIST) + 1;
  const [summary, charges] = await Promise.all([
    totals(reference),
    db.ledgerTransaction.findMany({
      where: { consumerReference: reference, type: "charge" },
      orderBy: [{ timeCreated: "desc" }, { id: "desc" }],
      take: LIST,
      select: {
        id: true,
        reference: true,
        status: true,
        amount: true,
        amountCaptured: true,
        amountRefunded: true,
        currency: true,
        method: true,
        panMasked: true,
        timeCreated: true,
      },
    }),
  ]);
  const [refunds, chargebacks, cards, declarations] = await Promise.all([
    db.ledgerTransaction.findMany({
      where: { type: "refund", parentId: { in: charges.map((c) => c.id) } },
      orderBy: { timeCreated: "desc" },
      take,
      select: { id: true, parentId: true, status: true, amount: true, currency: true, timeCreated: true },
    }),
    can(who, "chargebacks.read")
      ? db.chargeback.findMany({
          where: { chargeId: { in: charges.map((c) => c.id) } },
          orderBy: { openedAt: "desc" },
          take,
        })
      : null,
    can(who, "vault.read")
      ? db.vaultToken.findMany({
          where: { consumerReference: reference },
          orderBy: { createdAt: "desc" },
          take,
          select: { token: true, brand: true, method: true, panMasked: true, expiry: true, status: true },
        })
      : null,
    can(who, "customs.read")
      ? db.customsDeclaration.findMany({
          where: {
            OR: [
              { transactionId: { in: charges.map((c) => c.id) } },
              { reference: { in: charges.flatMap((c) => (c.reference ? [c.reference] : [])) } },
            ],
          },
          orderBy: { createdAt: "desc" },
          take,
          include: { subOrders: { select: { state: true, customsStatus: true } } },
        })
      : null,
  ]);
  if (charges.length === 0 && !cards?.length)
    throw new NotFound("No charge or stored card carries this consumer reference.");
  const newest = <T>(rows: T[]) => rows.slice(0, take - 1);
  return {
    reference,
    ...summary,
    charges: newest(charges).map((c) => ({
      ...c,
      amount: Number(c.amount),
      amountCaptured: c.amountCaptured === null ? null : Number(c.amountCaptured),
      amountRefunded: c.amountRefunded === null ? null : Number(c.amountRefunded),
      timeCreated: c.timeCreated.toISOString(),
    })),
    refunds: newest(refunds).map((r) => ({ ...r, amount: Number(r.amount), timeCreated: r.timeCreated.toISOString() })),
    chargebacks: chargebacks ? newest(chargebacks).map(chargebackRow) : null,
    cards: cards ? newest(cards) : null,
    declarations: declarations
      ? newest(declarations).map((d) => ({
          id: d.id,
          reference: d.reference,
          transactionId: d.transactionId,
          vendor: d.vendor,
          customsLocation: d.customsLocation,
          subOrders: d.subOrders.length,
          states: [...new Set(d.subOrders.map((s) => s.customsStatus ?? s.state))],
          createdAt: d.createdAt.toISOString(),
        }))
      : null,
    more: {
      refunds: refunds.length >= take,
      chargebacks: (chargebacks?.length ?? 0) >= take,
      cards: (cards?.length ?? 0) >= take,
      declarations: (declarations?.length ?? 0) >= take,
    },
  };
}
export type CustomerView = Awaited<ReturnType<typeof getCustomer>>;

/** The consumer references stored cards know for an email (case-insensitive): the way in by email. */
export async function referencesForEmail(email: string): Promise<string[]> {
  const rows = await db.vaultToken.findMany({
    where: { consumerEmail: { equals: email, mode: "insensitive" }, consumerReference: { not: null } },
    select: { consumerReference: true },
    distinct: ["consumerReference"],
    take: 20,
  });
  return rows.map((r) => r.consumerReference!).sort();
}
