import "server-only";
import { db } from "@/lib/platform/db";
import { can, type Grants } from "@/lib/platform/auth/permissions";
import { containsText } from "@/lib/platform/api/list-params";
import { fragmentOf } from "@/lib/platform/api/fragment";
import { createTranslator } from "use-intl/core";
import { CATALOGS } from "@/lib/platform/i18n/catalog";
import { makeFormat } from "@/lib/platform/i18n/format";
import type { Locale } from "@/lib/platform/i18n/locales";
import { statusLabelWith, listTransactions, transactionFilterSchema, MIN_FRAGMENT } from "@/lib/ledger";

export type Hit = { kind: string; label: string; href: string };
const TX_HITS = 10;

/** What a text names, across the console. */
export async function resolveKey(
  raw: string,
  who: Grants,
  prefs: { locale: Locale; timeZone: string } = { locale: "en", timeZone: "UTC" },
): Promise<Hit[]> {
  const q = raw.trim().slice(0, 128);
  if (!q) return [];
  const translator = <NS extends "search" | "transactions" | "statuses">(namespace: NS) =>
    createTranslator({ locale: prefs.locale, messages: CATALOGS[prefs.locale], namespace, timeZone: prefs.timeZone });
  const t = translator("search");
  const types = translator("transactions");
  const f = makeFormat(prefs);
  const hits: Hit[] = [];
  const tx = (id: string) => `/transactions/${encodeURIComponent(id)}`;
  if (can(who, "transactions.read")) {
    const { rows, nextCursor } = await listTransactions({
      ...transactionFilterSchema.parse({ q, limit: TX_HITS }),
      timeZone: "UTC",
    }) /* no days */;
    for (const r of rows)
      hits.push({
        kind: r.type,
        label: [
          r.reference,
          f.money(r.amount, r.currency),
          r.customerEmail,
          r.cardLast4 && t("hits.card", { last4: r.cardLast4 }),
          t("hits.transaction", {
            type: types.has(`types.${r.type}` as never) ? types(`types.${r.type}` as never) : r.type,
            id: r.id,
          }),
        ]
          .filter(Boolean)
          .join(t("hits.separator")),
        href: tx(r.id),
      });
    if (nextCursor || rows.length > 1)
      hits.push({
        kind: "transactions",
        label: nextCursor ? t("hits.moreThan", { count: TX_HITS, q }) : t("hits.all", { count: rows.length, q }),
        href: `/transactions?q=${encodeURIComponent(q)}`,
      });
  }
  if (can(who, "transactions.read")) {
    const customer = await db.ledgerTransaction.findFirst({ where: { consumerReference: q }, select: { id: true } });
    if (customer)
      hits.unshift({ kind: "consumer", label: t("hits.customer", { q }), href: `/customers/${encodeURIComponent(q)}` });
    else if (
      q.includes("@") &&
      (await db.vaultToken.findFirst({
        where: { consumerEmail: { equals: q, mode: "insensitive" } },
        select: { token: true },
      }))
    )
      hits.unshift({
        kind: "consumer",
        label: t("hits.customerByEmail", { q }),
        href: `/customers?email=${encodeURIComponent(q)}`,
      });
  }
  if (can(who, "customs.read")) {
    const subs = await db.customsSubOrder.findMany({
      where: { OR: [{ declareNumber: fragmentOf(q) }, { subOrderNo: fragmentOf(q) }] },
      select: { declarationId: true, subOrderNo: true, declareNumber: true },
      take: 10,
    });
    for (const s of subs)
      hits.push({
        kind: "declaration",
        label: s.declareNumber
          ? t("hits.subOrderDeclared", { subOrder: s.subOrderNo, number: s.declareNumber })
          : t("hits.subOrder", { subOrder: s.subOrderNo }),
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
        hits.push({
          kind: "declaration",
          label: t("hits.declaration", { reference: d.reference }),
          href: `/customs/${d.id}`,
        });
  }
  if (can(who, "vault.read")) {
    const tokens = await db.vaultToken.findMany({
      where: { token: fragmentOf(q) },
      select: { token: true, panMasked: true },
      orderBy: { createdAt: "desc" },
      take: 5,
    });
    for (const token of tokens)
      hits.push({
        kind: "vault",
        label: t("hits.vault", { pan: token.panMasked ?? "", token: token.token }),
        href: `/vault/${encodeURIComponent(token.token)}`,
      });
  }
  if (can(who, "chargebacks.read")) {
    const cbs = await db.chargeback.findMany({
      where: { id: fragmentOf(q) },
      select: { id: true, status: true },
      orderBy: { openedAt: "desc" },
      take: 5,
    });
    for (const cb of cbs)
      hits.push({
        kind: "chargeback",
        label: t("hits.chargeback", { id: cb.id, status: statusLabelWith(translator("statuses"), cb.status) }),
        href: `/chargebacks/${encodeURIComponent(cb.id)}`,
      });
  }
  return hits;
}
