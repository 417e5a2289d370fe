import "server-only";
import type { Tx } from "@/lib/platform/db";
import { paymentLinkEnded } from "@/lib/notifications/events-ops";
import { notify } from "@/lib/notifications/outbox";

type Link = { id: string; reference: string; amount: bigint | string; currency: string; createdBy: string };
const ended = (link: Link, creatorId: string, outcome: "paid" | "expired", charge?: string | null) =>
  paymentLinkEnded({ ...link, amountMinor: Number(link.amount), createdById: creatorId }, outcome, charge ?? undefined);

export async function tellLinkEnded(tx: Tx, link: Link, outcome: "paid" | "expired", charge?: string | null) {
  const creator = await tx.user.findFirst({ where: { email: link.createdBy }, select: { id: true } });
  if (creator) await notify(tx, ended(link, creator.id, outcome, charge));
}

/** The link with this reference, locked, as it stood before a notification changes it. */
export async function linkBefore(tx: Tx, reference: string) {
  const rows = await tx.$queryRawUnsafe<(Link & { status: string; creatorId: string | null })[]>(
    `SELECT l.id::text, l.reference, l.amount::text AS amount, l.currency, l.created_by AS "createdBy", l.status,
            u.id::text AS "creatorId"
       FROM payment_links l LEFT JOIN users u ON u.email = l.created_by
      WHERE l.reference = $1 FOR UPDATE OF l`,
    reference,
  );
  return rows[0] ?? null;
}

/** Paid now, and not before (a notification's transaction). */
export async function tellLinkPaid(tx: Tx, before: Awaited<ReturnType<typeof linkBefore>>, charge: string) {
  if (!before?.creatorId || before.status === "succeeded") return;
  const rows = await tx.$queryRaw<{ status: string }[]>`SELECT status FROM payment_links WHERE id = ${before.id}::uuid`;
  if (rows[0]?.status === "succeeded") await notify(tx, ended(before, before.creatorId, "paid", charge));
}
