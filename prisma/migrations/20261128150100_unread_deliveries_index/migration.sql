-- The bell's unread count on every page (lib/notifications/inbox.ts unreadCount): a person's
-- unread console notifications. Over the (user, channel, time) index it read every delivery of
-- theirs and tested read_at on each: 50–107 ms a page for a manager with thousands of
-- reminders at ten million rows (issue 36). Partial: only what is unread.
-- One statement alone in its migration, so it can be built without blocking writers.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "notification_deliveries_unread_idx"
  ON "notification_deliveries" ("user_id") WHERE "channel" = 'console' AND "read_at" IS NULL;
