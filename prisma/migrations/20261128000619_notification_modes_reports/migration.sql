-- CreateEnum
CREATE TYPE "NotificationMode" AS ENUM ('console', 'email', 'digest');

-- CreateEnum
CREATE TYPE "ReportKind" AS ENUM ('dailySummary', 'refundsByReason', 'chargebacksAtRisk', 'declarationsByStatus', 'transactionsView');

-- CreateEnum
CREATE TYPE "ReportFrequency" AS ENUM ('daily', 'weekly', 'monthly');

-- AlterEnum
ALTER TYPE "NotificationDeliveryStatus" ADD VALUE 'digest';

-- AlterTable
ALTER TABLE "notification_deliveries" ADD COLUMN     "digest_id" UUID;

-- AlterTable
-- The boolean becomes a mode. The old form saved every kind on each Save, so true was the
-- default it showed, not a choice: those rows go, and the role's default (or e-mail) applies.
-- false was a choice: console only.
DELETE FROM "notification_preferences" WHERE "email";
ALTER TABLE "notification_preferences" ADD COLUMN "mode" "NotificationMode";
UPDATE "notification_preferences" SET "mode" = 'console';
ALTER TABLE "notification_preferences" ALTER COLUMN "mode" SET NOT NULL, DROP COLUMN "email";

-- CreateTable
CREATE TABLE "notification_role_defaults" (
    "role" "Role" NOT NULL,
    "kind" TEXT NOT NULL,
    "mode" "NotificationMode" NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "notification_role_defaults_pkey" PRIMARY KEY ("role","kind")
);

-- CreateTable
CREATE TABLE "notification_quiet_hours" (
    "user_id" UUID NOT NULL,
    "start_minute" SMALLINT NOT NULL,
    "end_minute" SMALLINT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "notification_quiet_hours_pkey" PRIMARY KEY ("user_id")
);

-- CreateTable
CREATE TABLE "notification_digests" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "day" TEXT NOT NULL,
    "status" "NotificationDeliveryStatus" NOT NULL DEFAULT 'pending',
    "reason" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sent_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "notification_digests_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "report_subscriptions" (
    "id" UUID NOT NULL,
    "user_id" UUID,
    "role" "Role",
    "report" "ReportKind" NOT NULL,
    "frequency" "ReportFrequency" NOT NULL,
    "saved_view_id" UUID,
    "created_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "report_subscriptions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "report_dispatches" (
    "id" UUID NOT NULL,
    "subscription_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "period" TEXT NOT NULL,
    "from_day" TEXT NOT NULL,
    "to_day" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "status" "NotificationDeliveryStatus" NOT NULL DEFAULT 'pending',
    "reason" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sent_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "report_dispatches_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "notification_digests_status_next_attempt_at_idx" ON "notification_digests"("status", "next_attempt_at");

-- CreateIndex
CREATE UNIQUE INDEX "notification_digests_user_id_day_key" ON "notification_digests"("user_id", "day");

-- CreateIndex
CREATE INDEX "report_subscriptions_user_id_idx" ON "report_subscriptions"("user_id");

-- CreateIndex
CREATE INDEX "report_dispatches_status_next_attempt_at_idx" ON "report_dispatches"("status", "next_attempt_at");

-- CreateIndex
CREATE UNIQUE INDEX "report_dispatches_subscription_id_user_id_period_key" ON "report_dispatches"("subscription_id", "user_id", "period");

-- AddForeignKey
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_digest_id_fkey" FOREIGN KEY ("digest_id") REFERENCES "notification_digests"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notification_quiet_hours" ADD CONSTRAINT "notification_quiet_hours_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notification_digests" ADD CONSTRAINT "notification_digests_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "report_subscriptions" ADD CONSTRAINT "report_subscriptions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "report_subscriptions" ADD CONSTRAINT "report_subscriptions_saved_view_id_fkey" FOREIGN KEY ("saved_view_id") REFERENCES "saved_views"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "report_dispatches" ADD CONSTRAINT "report_dispatches_subscription_id_fkey" FOREIGN KEY ("subscription_id") REFERENCES "report_subscriptions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "report_dispatches" ADD CONSTRAINT "report_dispatches_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

