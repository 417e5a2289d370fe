-- AlterTable
ALTER TABLE "transaction_notes" ADD COLUMN     "edited_at" TIMESTAMPTZ(3);

