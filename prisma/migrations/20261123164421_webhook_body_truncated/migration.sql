-- AlterTable
ALTER TABLE "webhook_notifications" ADD COLUMN     "body_length" INTEGER,
ADD COLUMN     "body_sha256" TEXT,
ADD COLUMN     "body_truncated" BOOLEAN NOT NULL DEFAULT false;

