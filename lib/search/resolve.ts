import "server-only";
import { db } from "@/lib/db";
import { can, type Role } from "@/lib/auth/permissions";

export type Hit = { kind: string; label: string; href: string };

/**
 * What a key names, across the console: a transaction id or reference, a consumer
 * reference, a customs declare_number or sub_order_no, a vault token, a chargeback id.
 * Only places the role may open; exact matches, each from an indexed lookup.
 */
export async function resolveKey(raw: string, role: Role): Promise<Hit[]> {
  const q = raw.trim().slice(0, 128);
  if (!q) return [];
  const hits: Hit[] = [];
  const tx = (id: string) => `/transactions/${encodeURIComponent(id)}`;
  if (can(role, "transactions.read")) {
    const byId = await db.ledgerTransaction.findUnique({
      where: { id: q },
      select: { id: true, type: true, reference: true },
    });
    if (byId)
      hits.push({
        kind: byId.type,
        label: `${byId.type} ${byId.id}${byId.reference ? ` · ${byId.reference}` : ""}`,
        href: tx(byId.id),
      });
    const byRef = await db.ledgerTransaction.findMany({
      where: { reference: q, NOT: { id: q } },
      select: { id: true, type: true },
      take: 10,
    });
    for (const r of byRef) hits.push({ kind: r.type, label: `${r.type} ${r.id} · reference ${q}`, href: tx(r.id) });
    const consumers = await db.ledgerTransaction.count({ where: { consumerReference: q } });
    if (consumers)
      hits.push({
        kind: "consumer",
        label: `customer ${q} · ${consumers} transaction${consumers === 1 ? "" : "s"}`,
        href: `/customers/${encodeURIComponent(q)}`,
      });
  }
  if (can(role, "transactions.read") && q.includes("@"))
    hits.push({ kind: "consumer", label: `customer by email ${q}`, href: `/customers?email=${encodeURIComponent(q)}` });
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
    const decl = await db.customsDeclaration.findMany({ where: { reference: q }, select: { id: true }, take: 5 });
    for (const d of decl)
      if (!hits.some((h) => h.href === `/customs/${d.id}`))
        hits.push({ kind: "declaration", label: `declaration of ${q}`, href: `/customs/${d.id}` });
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
