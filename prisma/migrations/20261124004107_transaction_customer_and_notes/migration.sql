-- AlterTable
ALTER TABLE "ledger_transactions" ADD COLUMN     "cardholder_name" TEXT,
ADD COLUMN IF NOT EXISTS "customer_email" TEXT,
ADD COLUMN     "customer_name" TEXT;

-- CreateTable
CREATE TABLE "transaction_notes" (
    "id" BIGSERIAL NOT NULL,
    "transaction_id" TEXT NOT NULL,
    "author_id" UUID,
    "author_email" TEXT NOT NULL,
    "author_name" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "transaction_notes_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "transaction_notes_transaction_id_created_at_idx" ON "transaction_notes"("transaction_id", "created_at");

-- AddForeignKey
ALTER TABLE "transaction_notes" ADD CONSTRAINT "transaction_notes_transaction_id_fkey" FOREIGN KEY ("transaction_id") REFERENCES "ledger_transactions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

