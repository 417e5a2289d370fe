-- A Customs declaration number by fragment (ILIKE, pg_trgm).
-- One statement alone in its migration, so it is built without blocking writes to customs_sub_orders.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "customs_sub_orders_declare_number_trgm_idx" ON "customs_sub_orders" USING GIN ("declare_number" gin_trgm_ops);
