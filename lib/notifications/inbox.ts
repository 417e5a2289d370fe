import "server-only";
import { db } from "@/lib/platform/db";
import type { Preferences } from "@/lib/platform/i18n/server";
import { renderNotification } from "./render";

// A person's notification centre: their console rows, newest first, worded in their language
// and zone when read. Only ever their own rows: every query here is by the reader's id.

export const INBOX_SIZE = 50;

/** The bell's number: one indexed count per page. */
export const unreadCount = (userId: string) =>
  db.notificationDelivery.count({ where: { userId, channel: "console", readAt: null } });

export async function listNotifications(userId: string, prefs: Preferences) {
  const rows = await db.notificationDelivery.findMany({
    where: { userId, channel: "console" },
    include: { event: true },
    orderBy: { createdAt: "desc" },
    take: INBOX_SIZE,
  });
  return rows.map((row) => ({
    id: row.id,
    kind: row.event.kind,
    ...renderNotification(row.event, prefs),
    link: row.event.link,
    createdAt: row.createdAt.toISOString(),
    read: row.readAt !== null,
  }));
}
export type NotificationView = Awaited<ReturnType<typeof listNotifications>>[number];

/** Marks the reader's own rows read (all of them, or those named); another person's ids change nothing. */
export async function markRead(userId: string, which: { ids: string[] } | { all: true }) {
  await db.notificationDelivery.updateMany({
    where: { userId, channel: "console", readAt: null, ...("ids" in which ? { id: { in: which.ids } } : {}) },
    data: { readAt: new Date() },
  });
  return { unread: await unreadCount(userId) };
}
