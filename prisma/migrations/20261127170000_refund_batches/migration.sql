-- Refund batches (issue 34): many refunds stored whole before any is sent, each row becoming
-- one refund operation through the single refund path. No apostrophes or semicolons in these
-- comments: the migration engine splits and quotes on them.

-- CreateEnum
CREATE TYPE "RefundBatchSource" AS ENUM ('selection', 'csv');

-- CreateEnum
CREATE TYPE "RefundBatchStatus" AS ENUM ('draft', 'awaiting_approval', 'approved', 'sending', 'done', 'cancelled', 'rejected');

-- CreateEnum
CREATE TYPE "RefundBatchRowStatus" AS ENUM ('pending', 'sent', 'succeeded', 'failed', 'unknown', 'skipped', 'cancelled');

-- AlterTable
ALTER TABLE "operations" ADD COLUMN "batch_id" UUID;

-- CreateTable
CREATE TABLE "refund_batches" (
    "id" UUID NOT NULL,
    "created_by_id" UUID NOT NULL,
    "created_by_email" TEXT NOT NULL,
    "source" "RefundBatchSource" NOT NULL,
    "file_name" TEXT,
    "status" "RefundBatchStatus" NOT NULL,
    "totals" JSONB NOT NULL DEFAULT '{}',
    "needs_approval" BOOLEAN NOT NULL DEFAULT false,
    "decided_by_id" UUID,
    "decided_by_email" TEXT,
    "decision_comment" TEXT,
    "decided_at" TIMESTAMPTZ(3),
    "cancelled_by_email" TEXT,
    "cancelled_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "refund_batches_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "refund_batch_rows" (
    "id" UUID NOT NULL,
    "batch_id" UUID NOT NULL,
    "row_index" INTEGER NOT NULL,
    "transaction_id" TEXT,
    "given" TEXT NOT NULL,
    "amount" BIGINT NOT NULL,
    "currency" TEXT NOT NULL,
    "reason" TEXT,
    "note" TEXT,
    "status" "RefundBatchRowStatus" NOT NULL,
    "operation_id" UUID,
    "failure_reason" TEXT,
    "claimed_at" TIMESTAMPTZ(3),

    CONSTRAINT "refund_batch_rows_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "refund_batches_status_created_at_idx" ON "refund_batches"("status", "created_at");

-- CreateIndex
CREATE INDEX "refund_batches_created_at_id_idx" ON "refund_batches"("created_at" DESC, "id" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "refund_batch_rows_operation_id_key" ON "refund_batch_rows"("operation_id");

-- CreateIndex
CREATE INDEX "refund_batch_rows_batch_id_status_idx" ON "refund_batch_rows"("batch_id", "status");

-- CreateIndex
CREATE INDEX "refund_batch_rows_transaction_id_idx" ON "refund_batch_rows"("transaction_id");

-- CreateIndex
CREATE UNIQUE INDEX "refund_batch_rows_batch_id_row_index_key" ON "refund_batch_rows"("batch_id", "row_index");

-- AddForeignKey
ALTER TABLE "operations" ADD CONSTRAINT "operations_batch_id_fkey" FOREIGN KEY ("batch_id") REFERENCES "refund_batches"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "refund_batch_rows" ADD CONSTRAINT "refund_batch_rows_batch_id_fkey" FOREIGN KEY ("batch_id") REFERENCES "refund_batches"("id") ON DELETE CASCADE ON UPDATE CASCADE;
