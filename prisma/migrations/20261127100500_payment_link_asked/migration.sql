-- AlterTable
ALTER TABLE "payment_links" ADD COLUMN     "asked" JSONB;
