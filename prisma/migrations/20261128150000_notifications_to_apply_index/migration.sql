-- The apply queue's claim (lib/webhooks/apply-queue.ts): the notifications still to apply, in id
-- order. Without it the claim walked the primary key past every applied notification: 1.25 s
-- for 100 rows over 3 million (issue 36), and the applier fell hours behind at ten million.
-- Partial: it holds only what waits, so it stays small however large the inbox grows.
-- One statement alone in its migration, so it can be built without blocking the intake.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "webhook_notifications_to_apply_idx"
  ON "webhook_notifications" ("id") WHERE "apply_state" IN ('pending', 'unconfirmed');
