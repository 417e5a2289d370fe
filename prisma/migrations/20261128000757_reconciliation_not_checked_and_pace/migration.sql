-- AlterTable
ALTER TABLE "reconciliation_runs" ADD COLUMN     "not_checked" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "rate_per_second" DOUBLE PRECISION,
ADD COLUMN     "scope" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "stuck_id" TEXT,
ADD COLUMN     "stuck_tries" INTEGER NOT NULL DEFAULT 0;

