import "server-only";
import { said } from "@/lib/ledger";
import { db } from "@/lib/platform/db";
import { Conflict, NotFound } from "@/lib/platform/errors";
import { getCustoms } from "@/lib/customs";
import { parseApiTime } from "@/lib/upi";
import type { PaymentLink } from "@/lib/generated/prisma/client";
import { linkView, recordLedger } from "./service";
import { tellLinkEnded } from "./told";
import { chopPaid, followDue, linkStatusOf, queryToken } from "./follow-rules";
import { log } from "@/lib/platform/log";

// A job follows every open link, so nobody needs to keep its page open.

export type PaidFacts = { paidAt?: Date | null; cnyFen?: number | null; transactionId?: string | null };

/** Recorded once, at the time the service reported, never the time we looked. */
export async function markLinkPaid(reference: string, facts: PaidFacts) {
  for (let attempt = 0; attempt < 3; attempt++) {
    const link = await db.paymentLink.findUnique({ where: { reference } });
    if (!link) return null;
    const wasPaid = link.status === "succeeded";
    const data = {
      status: "succeeded",
      transactionId: link.transactionId ?? facts.transactionId ?? null,
      cnyAmount: link.cnyAmount ?? (facts.cnyFen == null ? null : BigInt(facts.cnyFen)),
      completedAt: (wasPaid ? link.completedAt : null) ?? facts.paidAt ?? null,
    };
    const same =
      wasPaid &&
      data.transactionId === link.transactionId &&
      data.cnyAmount === link.cnyAmount &&
      data.completedAt?.getTime() === link.completedAt?.getTime();
    if (same) return linkView(link);
    const count = await db.$transaction(async (tx) => {
      const { count } = await tx.paymentLink.updateMany({
        where: { id: link.id, updatedAt: link.updatedAt },
        data: { ...data, checkedAt: new Date() },
      });
      if (count && !wasPaid) await tellLinkEnded(tx, link, "paid", data.transactionId);
      return count;
    });
    if (count === 0) continue;
    const updated = await db.paymentLink.findUniqueOrThrow({ where: { id: link.id } });
    if (updated.transactionId)
      await recordLedger(updated, null, said(wasPaid && link.transactionId ? "linkCompleted" : "linkPaid"));
    return linkView(updated);
  }
  throw new Conflict(`Payment link ${reference} changed while it was being recorded; try again.`, "concurrent_update");
}

async function close(link: PaymentLink, status: "canceled" | "expired" | "unknown", transactionId: string | null) {
  const count = await db.$transaction(async (tx) => {
    const { count } = await tx.paymentLink.updateMany({
      where: { id: link.id, status: "initiated" },
      data: { status, transactionId, checkedAt: new Date(), completedAt: status === "expired" ? link.expiresAt : null },
    });
    if (count && status === "expired") await tellLinkEnded(tx, link, "expired");
    return count;
  });
  const updated = await db.paymentLink.findUniqueOrThrow({ where: { id: link.id } });
  if (count && updated.transactionId) await recordLedger(updated, null, said("linkClosed", { status }));
  return linkView(updated);
}

/** Asks the service how one link stands and records a change. */
export async function followPaymentLink(id: string, { fresh = 5000 }: { fresh?: number } = {}) {
  const link = await db.paymentLink.findUnique({ where: { id } });
  if (!link) throw new NotFound("No such payment link.");
  if (link.status !== "initiated") return linkView(link);
  if (link.checkedAt && Date.now() - link.checkedAt.getTime() < fresh) return linkView(link);
  // A pay answer without an id leaves nothing to ask: never called expired (it may be paid); unknown at its end.
  if (link.kind !== "hosted" && !link.transactionId) {
    if (link.expiresAt && link.expiresAt.getTime() <= Date.now()) return close(link, "unknown", null);
    return linkView(await db.paymentLink.update({ where: { id }, data: { checkedAt: new Date() } }));
  }
  const customs = await getCustoms();
  const wantCny = link.vendor !== "upop";
  let transactionId = link.transactionId;
  let paid = false;
  let cnyFen: number | null = null;
  let paidAt: Date | null = null;
  let status: "initiated" | "succeeded" | "canceled" = "initiated";
  try {
    const q = link.kind === "hosted" ? (link.query ?? queryToken(link.url)) : null;
    if (q) {
      const r = await customs.chopInquire(q, wantCny);
      paid = chopPaid(r.notify_result);
      cnyFen = r.cnyFen;
      transactionId ??= r.id ?? null; // not a spec field of this answer: used when present
    }
    if (transactionId) {
      const r = await customs.paymentInquire(transactionId, wantCny);
      status = linkStatusOf(r.status);
      cnyFen = r.cnyFen ?? cnyFen;
      if (status === "succeeded") paidAt = parseApiTime(r.time);
    }
    if (paid && status === "initiated") status = "succeeded";
  } catch (error) {
    await db.paymentLink.update({ where: { id }, data: { checkedAt: new Date() } });
    throw error;
  }
  if (status === "succeeded") return markLinkPaid(link.reference, { paidAt, cnyFen, transactionId });
  if (status === "canceled") return close(link, "canceled", transactionId);
  if (link.expiresAt && link.expiresAt.getTime() <= Date.now()) return close(link, "expired", transactionId);
  const updated = await db.paymentLink.update({ where: { id }, data: { checkedAt: new Date(), transactionId } });
  if (!link.transactionId && transactionId) await recordLedger(updated, null, said("linkCreated"));
  return linkView(updated);
}

/** The follow job: every open link that is due (see followDue), oldest check first. */
export async function followOpenLinks(limit = 50) {
  const open = await db.paymentLink.findMany({
    where: { status: "initiated" },
    orderBy: { checkedAt: { sort: "asc", nulls: "first" } },
    take: 500,
  });
  const now = Date.now();
  const due = open.filter((l) => followDue(l, now) || (l.expiresAt && l.expiresAt.getTime() <= now)).slice(0, limit);
  for (const l of due) {
    await followPaymentLink(l.id, { fresh: 0 }).catch((error) =>
      log.warn(`[jobs] payment link ${l.reference} not checked: ${error instanceof Error ? error.message : error}`),
    );
  }
  return due.length;
}
