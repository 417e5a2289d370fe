-- A sub-order number by fragment (ILIKE, pg_trgm).
-- One statement alone in its migration, so it is built without blocking writes to customs_sub_orders.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "customs_sub_orders_sub_order_no_trgm_idx" ON "customs_sub_orders" USING GIN ("sub_order_no" gin_trgm_ops);
