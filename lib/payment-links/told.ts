import "server-only";
import type pg from "pg";
import type { Prisma } from "@/lib/generated/prisma/client";
import { paymentLinkEnded, notify, notifySql } from "@/lib/notifications";

type Link = { id: string; reference: string; amount: bigint | string; currency: string; createdBy: string };
const ended = (link: Link, creatorId: string, outcome: "paid" | "expired", charge?: string | null) =>
  paymentLinkEnded({ ...link, amountMinor: Number(link.amount), createdById: creatorId }, outcome, charge ?? undefined);

/** On an interactive Prisma transaction. */
export async function tellLinkEnded(
  tx: Prisma.TransactionClient,
  link: Link,
  outcome: "paid" | "expired",
  charge?: string | null,
) {
  const creator = await tx.user.findFirst({ where: { email: link.createdBy }, select: { id: true } });
  if (creator) await notify(tx, ended(link, creator.id, outcome, charge));
}

/** The link with this reference, locked, as it stood before a notification changes it. */
export async function linkBefore(client: Pick<pg.PoolClient, "query">, reference: string) {
  const { rows } = await client.query<Link & { status: string; creatorId: string | null }>(
    `SELECT l.id::text, l.reference, l.amount::text AS amount, l.currency, l.created_by AS "createdBy", l.status,
            u.id::text AS "creatorId"
       FROM payment_links l LEFT JOIN users u ON u.email = l.created_by
      WHERE l.reference = $1 FOR UPDATE OF l`,
    [reference],
  );
  return rows[0] ?? null;
}

/** On a notification's `pg` transaction: paid now, and not before. */
export async function tellLinkPaidSql(
  client: Pick<pg.PoolClient, "query">,
  before: Awaited<ReturnType<typeof linkBefore>>,
  charge: string,
) {
  if (!before?.creatorId || before.status === "succeeded") return;
  const { rows } = await client.query<{ status: string }>("SELECT status FROM payment_links WHERE id = $1::uuid", [
    before.id,
  ]);
  if (rows[0]?.status === "succeeded")
    await notifySql((text, params) => client.query(text, params), ended(before, before.creatorId, "paid", charge));
}
