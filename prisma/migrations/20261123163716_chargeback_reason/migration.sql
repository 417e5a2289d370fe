-- AlterTable
ALTER TABLE "chargebacks" ADD COLUMN     "reason" TEXT;

