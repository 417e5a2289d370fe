-- CreateEnum
CREATE TYPE "PendingChangeStatus" AS ENUM ('pending', 'approved', 'rejected', 'withdrawn', 'expired');

-- CreateTable
CREATE TABLE "pending_changes" (
    "id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "target_id" TEXT,
    "payload" JSONB NOT NULL,
    "summary" JSONB NOT NULL,
    "requested_by_id" UUID NOT NULL,
    "requested_by_email" TEXT NOT NULL,
    "requested_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "status" "PendingChangeStatus" NOT NULL DEFAULT 'pending',
    "decided_by_id" UUID,
    "decided_by_email" TEXT,
    "decided_at" TIMESTAMPTZ(3),
    "comment" TEXT,

    CONSTRAINT "pending_changes_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "pending_changes_status_requested_at_idx" ON "pending_changes"("status", "requested_at");

