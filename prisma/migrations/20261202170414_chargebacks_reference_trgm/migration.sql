-- A chargeback reference by fragment (ILIKE, pg_trgm).
-- One statement alone in its migration, so it is built without blocking writes to chargebacks.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "chargebacks_reference_trgm_idx" ON "chargebacks" USING GIN ("reference" gin_trgm_ops);
