-- CreateTable
CREATE TABLE "webhook_notifications" (
    "id" BIGSERIAL NOT NULL,
    "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "dedup_key" TEXT NOT NULL,
    "duplicates" INTEGER NOT NULL DEFAULT 0,
    "last_duplicate_at" TIMESTAMPTZ(3),
    "content_type" TEXT NOT NULL,
    "raw_body" TEXT NOT NULL,
    "fields" JSONB NOT NULL,
    "transaction_type" TEXT,
    "transaction_id" TEXT,
    "parent_id" TEXT,
    "reference" TEXT,
    "status" TEXT,
    "amount" BIGINT,
    "currency" TEXT,
    "event_time" TIMESTAMPTZ(3),
    "verification" TEXT NOT NULL,
    "apply_state" TEXT NOT NULL DEFAULT 'pending',
    "apply_detail" TEXT,
    "applied_at" TIMESTAMPTZ(3),
    "apply_attempts" INTEGER NOT NULL DEFAULT 0,
    "ip" TEXT,

    CONSTRAINT "webhook_notifications_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "chargebacks" (
    "id" TEXT NOT NULL,
    "charge_id" TEXT NOT NULL,
    "reference" TEXT,
    "amount" BIGINT NOT NULL,
    "currency" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "opened_at" TIMESTAMPTZ(3) NOT NULL,
    "last_change_at" TIMESTAMPTZ(3) NOT NULL,
    "closed_at" TIMESTAMPTZ(3),
    "outcome" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "chargebacks_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "chargeback_events" (
    "id" BIGSERIAL NOT NULL,
    "chargeback_id" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,
    "source" TEXT NOT NULL,
    "notification_id" BIGINT,
    "recorded_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "chargeback_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "webhook_notifications_dedup_key_key" ON "webhook_notifications"("dedup_key");

-- CreateIndex
CREATE INDEX "webhook_notifications_received_at_id_idx" ON "webhook_notifications"("received_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "webhook_notifications_transaction_id_idx" ON "webhook_notifications"("transaction_id");

-- CreateIndex
CREATE INDEX "webhook_notifications_apply_state_received_at_idx" ON "webhook_notifications"("apply_state", "received_at");

-- CreateIndex
CREATE INDEX "chargebacks_status_opened_at_idx" ON "chargebacks"("status", "opened_at");

-- CreateIndex
CREATE INDEX "chargebacks_charge_id_idx" ON "chargebacks"("charge_id");

-- CreateIndex
CREATE INDEX "chargebacks_opened_at_idx" ON "chargebacks"("opened_at" DESC);

-- CreateIndex
CREATE INDEX "chargeback_events_chargeback_id_at_idx" ON "chargeback_events"("chargeback_id", "at");

-- CreateIndex
CREATE UNIQUE INDEX "chargeback_events_chargeback_id_status_key" ON "chargeback_events"("chargeback_id", "status");

-- AddForeignKey
ALTER TABLE "chargeback_events" ADD CONSTRAINT "chargeback_events_chargeback_id_fkey" FOREIGN KEY ("chargeback_id") REFERENCES "chargebacks"("id") ON DELETE CASCADE ON UPDATE CASCADE;

