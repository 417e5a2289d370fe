import "server-only";
import { z } from "zod";
import { db } from "@/lib/platform/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { limitParam } from "@/lib/platform/api/keyset";
import { filterSchemaOf } from "@/lib/platform/api/list-schema";
import { inboxSearchParams } from "./search-params";
import { outcomeTextOf } from "./outcome-text";
import { keyed } from "@/lib/platform/keyed";

/** A page of the inbox (./search-params.ts), with `limit` from the route (no part of the URL). */
export const inboxFilterSchema = filterSchemaOf(inboxSearchParams).extend({ limit: limitParam });
export const notificationIdSchema = z.object({
  id: z
    .string()
    .regex(/^\d{1,18}$/, keyed("validation.ids.notification"))
    .transform(BigInt),
});

export type InboxFilter = z.infer<typeof inboxFilterSchema>;

export function notificationView(n: Prisma.WebhookNotificationGetPayload<object>) {
  return {
    id: String(n.id),
    receivedAt: n.receivedAt.toISOString(),
    type: n.transactionType,
    status: n.status,
    transactionId: n.transactionId,
    parentId: n.parentId,
    reference: n.reference,
    amount: n.amount === null ? null : Number(n.amount),
    currency: n.currency,
    verification: n.verification,
    applyState: n.applyState,
    applyDetail: n.applyDetail,
    applyText: outcomeTextOf(n.applyDetail),
    appliedAt: n.appliedAt?.toISOString() ?? null,
    duplicates: n.duplicates,
    contentType: n.contentType,
    rawBody: n.rawBody,
    bodyTruncated: n.bodyTruncated,
    bodyLength: n.bodyLength,
    bodySha256: n.bodySha256,
    ip: n.ip,
  };
}
export type NotificationView = ReturnType<typeof notificationView>;

/** Newest first, keyset-paged on the id. */
export async function listNotifications(f: InboxFilter) {
  const rows = await db.webhookNotification.findMany({
    where: {
      ...(f.type ? { transactionType: f.type } : {}),
      ...(f.verification ? { verification: f.verification } : {}),
      ...(f.state ? { applyState: f.state } : {}),
      ...(f.q ? { OR: [{ transactionId: f.q }, { parentId: f.q }, { reference: f.q }] } : {}),
      ...(f.before ? { id: { lt: BigInt(f.before) } } : {}),
    },
    orderBy: { id: "desc" },
    take: f.limit + 1,
  });
  const page = rows.slice(0, f.limit);
  return { rows: page.map(notificationView), nextBefore: rows.length > f.limit ? String(page.at(-1)!.id) : null };
}

export async function getNotification(id: bigint) {
  const n = await db.webhookNotification.findUnique({ where: { id } });
  return n ? notificationView(n) : null;
}
