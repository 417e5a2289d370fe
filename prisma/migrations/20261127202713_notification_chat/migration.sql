-- CreateTable
CREATE TABLE "notification_chat_deliveries" (
    "id" UUID NOT NULL,
    "event_id" UUID NOT NULL,
    "team" TEXT NOT NULL,
    "status" "NotificationDeliveryStatus" NOT NULL DEFAULT 'pending',
    "reason" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sent_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "notification_chat_deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "notification_transports" (
    "key" TEXT NOT NULL,
    "last_success_at" TIMESTAMPTZ(3),
    "last_failure_at" TIMESTAMPTZ(3),
    "last_error" TEXT,

    CONSTRAINT "notification_transports_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE INDEX "notification_chat_deliveries_status_next_attempt_at_idx" ON "notification_chat_deliveries"("status", "next_attempt_at");

-- CreateIndex
CREATE UNIQUE INDEX "notification_chat_deliveries_event_id_team_key" ON "notification_chat_deliveries"("event_id", "team");

-- AddForeignKey
ALTER TABLE "notification_chat_deliveries" ADD CONSTRAINT "notification_chat_deliveries_event_id_fkey" FOREIGN KEY ("event_id") REFERENCES "notification_events"("id") ON DELETE CASCADE ON UPDATE CASCADE;

