-- AlterTable
ALTER TABLE "chargebacks" ALTER COLUMN "charge_id" DROP NOT NULL;

