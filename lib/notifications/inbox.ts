import "server-only";
import { db, pool } from "@/lib/platform/db";
import type { Preferences } from "@/lib/platform/i18n/translator";
import type { Grants } from "@/lib/platform/auth/permissions";
import { renderNotification } from "./render";
import { hiddenKinds } from "./readers";
import type { NotificationDelivery, Prisma } from "@/lib/generated/prisma/client";
import { keysetOn } from "@/lib/platform/api/keyset";
import { isUuid } from "@/lib/platform/api/list-params";
import type { InboxQuery } from "./schemas";

/** The most the bell shows as a number; past it, "99+". */
export const UNREAD_SHOWN = 99;

export const UNREAD_COUNT = `SELECT count(*)::int AS n FROM (
  SELECT 1 FROM notification_deliveries d JOIN notification_events e ON e.id = d.event_id
   WHERE d.user_id = $1::uuid AND d.channel = 'console' AND d.read_at IS NULL AND e.kind <> ALL($2::text[])
   LIMIT ${UNREAD_SHOWN + 1}) unread`;

/** The bell's number, on every page. */
export async function unreadCount(userId: string, who: Grants): Promise<number> {
  const { rows } = await pool.query<{ n: number }>(UNREAD_COUNT, [userId, hiddenKinds(who)]);
  return rows[0]?.n ?? 0;
}

const paged = keysetOn<
  NotificationDelivery,
  Prisma.NotificationDeliveryWhereInput,
  Prisma.NotificationDeliveryOrderByWithRelationInput
>("createdAt", "id", isUuid);

/** A page of the reader's notices, newest first, of the kinds their role may read now (lib/notifications/readers.ts). */
export async function pageNotifications(userId: string, who: Grants, prefs: Preferences, f: InboxQuery) {
  const rows = await db.notificationDelivery.findMany({
    where: {
      AND: [
        paged.after(f.cursor),
        { userId, channel: "console", event: { kind: { notIn: hiddenKinds(who) } } },
        f.show === "unread" ? { readAt: null } : {},
        f.kind ? { event: { kind: f.kind } } : {},
      ],
    },
    include: { event: true },
    orderBy: paged.orderBy,
    take: f.limit + 1,
  });
  const page = paged.page(rows, f.limit, f.cursor);
  return {
    notifications: page.rows.map((row) => ({
      id: row.id,
      kind: row.event.kind,
      ...renderNotification(row.event, prefs),
      link: row.event.link,
      createdAt: row.createdAt.toISOString(),
      read: row.readAt !== null,
    })),
    nextCursor: page.nextCursor,
    older: page.older,
  };
}
export type NotificationView = Awaited<ReturnType<typeof pageNotifications>>["notifications"][number];

/** A page of the centre and the bell's count: what GET /api/notifications answers and its page prefetches. */
export async function readInbox(userId: string, who: Grants, prefs: Preferences, f: InboxQuery) {
  const [page, unread] = await Promise.all([pageNotifications(userId, who, prefs, f), unreadCount(userId, who)]);
  return { ...page, unread };
}

/** Marks the reader's own rows read (all of them, or those named); another person's ids change nothing. */
export async function markRead(userId: string, who: Grants, which: { ids: string[] } | { all: true }) {
  await db.notificationDelivery.updateMany({
    where: { userId, channel: "console", readAt: null, ...("ids" in which ? { id: { in: which.ids } } : {}) },
    data: { readAt: new Date() },
  });
  return { unread: await unreadCount(userId, who) };
}
