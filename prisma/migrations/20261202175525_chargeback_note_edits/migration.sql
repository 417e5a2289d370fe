-- AlterTable
ALTER TABLE "chargeback_notes" ADD COLUMN     "edited_at" TIMESTAMPTZ(3);

