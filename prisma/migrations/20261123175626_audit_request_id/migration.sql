-- The X-Request-Id of the API request that wrote an audit row, to join the row with the
-- request's log lines and upstream calls. Adding a nullable column rewrites no row and fires
-- none of the append-only triggers (they refuse UPDATE, DELETE and TRUNCATE): old rows keep NULL.
ALTER TABLE "audit_log" ADD COLUMN "request_id" TEXT;
