-- AlterTable
ALTER TABLE "ledger_transactions" ADD COLUMN     "installments" JSONB;

