-- DropIndex
DROP INDEX "ledger_transactions_consumer_reference_idx";

-- CreateIndex
CREATE INDEX "ledger_transactions_consumer_reference_time_created_id_idx" ON "ledger_transactions"("consumer_reference", "time_created" DESC, "id" DESC);

