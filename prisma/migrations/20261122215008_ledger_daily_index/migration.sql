-- CreateIndex
CREATE INDEX "ledger_transactions_time_created_type_status_currency_amoun_idx" ON "ledger_transactions"("time_created", "type", "status", "currency", "amount", "amount_captured");

