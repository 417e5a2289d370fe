-- The job workers of every instance take notifications to apply from this table. A claim
-- keeps two instances from applying the same one at once, and the claim of a dead worker runs out.
ALTER TABLE "webhook_notifications" ADD COLUMN "apply_claimed_until" TIMESTAMPTZ(3);
