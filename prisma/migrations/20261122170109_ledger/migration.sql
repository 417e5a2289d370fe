-- CreateEnum
CREATE TYPE "TransactionType" AS ENUM ('charge', 'capture', 'refund', 'cancel');

-- CreateTable
CREATE TABLE "ledger_transactions" (
    "id" TEXT NOT NULL,
    "type" "TransactionType" NOT NULL,
    "reference" TEXT,
    "parent_id" TEXT,
    "method" TEXT,
    "status" TEXT NOT NULL,
    "amount" BIGINT NOT NULL,
    "amount_captured" BIGINT,
    "amount_refunded" BIGINT,
    "amount_authorized_remaining" BIGINT,
    "currency" TEXT NOT NULL,
    "country" TEXT,
    "cny_amount" BIGINT,
    "payment_type" TEXT,
    "pan_masked" TEXT,
    "vault_token" TEXT,
    "consumer_reference" TEXT,
    "auto_capture" BOOLEAN,
    "charge_token" TEXT,
    "time_created" TIMESTAMPTZ(3) NOT NULL,
    "time_captured" TIMESTAMPTZ(3),
    "time_canceled" TIMESTAMPTZ(3),
    "expiry" TIMESTAMPTZ(3),
    "payload" JSONB NOT NULL,
    "source" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "ledger_transactions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ledger_events" (
    "id" BIGSERIAL NOT NULL,
    "transaction_id" TEXT NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "kind" TEXT NOT NULL,
    "summary" TEXT NOT NULL,
    "actor_email" TEXT,
    "detail" JSONB,

    CONSTRAINT "ledger_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ledger_transactions_time_created_id_idx" ON "ledger_transactions"("time_created" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "ledger_transactions_amount_id_idx" ON "ledger_transactions"("amount", "id");

-- CreateIndex
CREATE INDEX "ledger_transactions_status_time_created_idx" ON "ledger_transactions"("status", "time_created" DESC);

-- CreateIndex
CREATE INDEX "ledger_transactions_reference_idx" ON "ledger_transactions"("reference");

-- CreateIndex
CREATE INDEX "ledger_transactions_consumer_reference_idx" ON "ledger_transactions"("consumer_reference");

-- CreateIndex
CREATE INDEX "ledger_transactions_parent_id_idx" ON "ledger_transactions"("parent_id");

-- CreateIndex
CREATE INDEX "ledger_events_transaction_id_at_idx" ON "ledger_events"("transaction_id", "at");

-- AddForeignKey
ALTER TABLE "ledger_events" ADD CONSTRAINT "ledger_events_transaction_id_fkey" FOREIGN KEY ("transaction_id") REFERENCES "ledger_transactions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

