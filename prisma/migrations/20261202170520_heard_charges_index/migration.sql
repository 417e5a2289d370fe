-- The fill job (lib/ledger/fill-heard.ts): charges the ledger knows only from a notification.
-- Partial: an inquiry moves a charge out of it, so it stays small however large the ledger grows.
-- One statement alone in its migration, so it can be built without blocking the intake.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "ledger_transactions_heard_only_idx"
  ON "ledger_transactions" ("created_at") WHERE "type" = 'charge' AND "source" = 'webhook';
