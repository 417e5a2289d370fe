import "server-only";
import { db } from "@/lib/db";
import { can, type Role } from "@/lib/auth/permissions";
import { containsText } from "@/lib/api/list-params";
import { formatMoney } from "@/lib/money";
import { listTransactions } from "@/lib/ledger/query";
import { transactionFilterSchema } from "@/lib/ledger/filters";
import { MIN_FRAGMENT } from "@/lib/ledger/search";

export type Hit = { kind: string; label: string; href: string };
const TX_HITS = 10;

/**
 * What a text names, across the console: transactions by id, a fragment of a reference,
 * consumer reference or customer email, a card's last four or an amount (as the list's
 * search reads it); a declaration by a fragment of its order number, a declare_number or
 * sub_order_no; a vault token; a chargeback id. Only places the role may open; each from
 * an indexed lookup.
 */
export async function resolveKey(raw: string, role: Role): Promise<Hit[]> {
  const q = raw.trim().slice(0, 128);
  if (!q) return [];
  const hits: Hit[] = [];
  const tx = (id: string) => `/transactions/${encodeURIComponent(id)}`;
  if (can(role, "transactions.read")) {
    // The list's own search: id, fragments of references and emails, last four, amount.
    const { rows, nextCursor } = await listTransactions({
      ...transactionFilterSchema.parse({ q, limit: TX_HITS }),
      timeZone: "UTC",
    }) /* no days */;
    for (const r of rows)
      hits.push({
        kind: r.type,
        // What people recognise first: the reference, the amount, who paid; the id last.
        label: [
          r.reference,
          formatMoney(r.amount, r.currency),
          r.customerEmail,
          r.cardLast4 && `card •••• ${r.cardLast4}`,
          `${r.type} ${r.id}`,
        ]
          .filter(Boolean)
          .join(" · "),
        href: tx(r.id),
      });
    if (nextCursor || rows.length > 1)
      hits.push({
        kind: "transactions",
        label: `${nextCursor ? `More than ${TX_HITS}` : `All ${rows.length}`} transactions matching “${q}” in the list`,
        href: `/transactions?q=${encodeURIComponent(q)}`,
      });
  }
  if (can(role, "transactions.read")) {
    // A whole consumer reference, or the whole email of a stored card, also names a customer (issue 22).
    const customer = await db.ledgerTransaction.findFirst({ where: { consumerReference: q }, select: { id: true } });
    if (customer)
      hits.unshift({ kind: "consumer", label: `customer ${q}`, href: `/customers/${encodeURIComponent(q)}` });
    else if (
      q.includes("@") &&
      (await db.vaultToken.findFirst({
        where: { consumerEmail: { equals: q, mode: "insensitive" } },
        select: { token: true },
      }))
    )
      hits.unshift({
        kind: "consumer",
        label: `customer by email ${q}`,
        href: `/customers?email=${encodeURIComponent(q)}`,
      });
  }
  if (can(role, "customs.read")) {
    const subs = await db.customsSubOrder.findMany({
      where: { OR: [{ declareNumber: q }, { subOrderNo: q }] },
      select: { declarationId: true, subOrderNo: true, declareNumber: true },
      take: 10,
    });
    for (const s of subs)
      hits.push({
        kind: "declaration",
        label: `declaration of sub-order ${s.subOrderNo}${s.declareNumber ? ` · declare number ${s.declareNumber}` : ""}`,
        href: `/customs/${s.declarationId}`,
      });
    const decl = await db.customsDeclaration.findMany({
      where: { reference: q.length >= MIN_FRAGMENT ? containsText(q) : q },
      select: { id: true, reference: true },
      orderBy: { createdAt: "desc" },
      take: 5,
    });
    for (const d of decl)
      if (!hits.some((h) => h.href === `/customs/${d.id}`))
        hits.push({ kind: "declaration", label: `declaration of ${d.reference}`, href: `/customs/${d.id}` });
  }
  if (can(role, "vault.read")) {
    const token = await db.vaultToken.findUnique({ where: { token: q }, select: { token: true, panMasked: true } });
    if (token)
      hits.push({
        kind: "vault",
        label: `stored card ${token.panMasked ?? ""} · ${token.token}`,
        href: `/vault/${encodeURIComponent(token.token)}`,
      });
  }
  if (can(role, "chargebacks.read")) {
    const cb = await db.chargeback.findUnique({ where: { id: q }, select: { id: true, status: true } });
    if (cb)
      hits.push({
        kind: "chargeback",
        label: `chargeback ${cb.id} · ${cb.status}`,
        href: `/chargebacks/${encodeURIComponent(cb.id)}`,
      });
  }
  return hits;
}
