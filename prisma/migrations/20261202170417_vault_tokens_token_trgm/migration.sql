-- A vault token by fragment (ILIKE, pg_trgm).
-- One statement alone in its migration, so it is built without blocking writes to vault_tokens.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "vault_tokens_token_trgm_idx" ON "vault_tokens" USING GIN ("token" gin_trgm_ops);
