-- The approvals page's "recently decided" (lib/operations/approvals.ts recentlyDecided) read
-- every operation to sort them by decided_at: a sequential scan on every /approvals page, 40 ms
-- a request at 100,000 operations (bench:scale run D, issue 36).
-- One statement alone in its migration, so it can be built without blocking writers.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "operations_decided_at_idx" ON "operations"("decided_at" DESC);
