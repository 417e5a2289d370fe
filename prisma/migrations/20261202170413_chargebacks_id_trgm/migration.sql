-- A chargeback id by fragment (issue 50 item 14) (ILIKE, pg_trgm).
-- One statement alone in its migration, so it is built without blocking writes to chargebacks.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "chargebacks_id_trgm_idx" ON "chargebacks" USING GIN ("id" gin_trgm_ops);
