-- AlterTable
ALTER TABLE "customs_sub_orders" ADD COLUMN     "checks" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "next_check_at" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "payment_links" ADD COLUMN     "checked_at" TIMESTAMPTZ(3),
ADD COLUMN     "expires_at" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "charge_confirms" (
    "id" UUID NOT NULL,
    "transaction_id" TEXT NOT NULL,
    "method" TEXT,
    "amount" BIGINT NOT NULL,
    "currency" TEXT NOT NULL,
    "requested_by" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "checks" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "resolved_at" TIMESTAMPTZ(3),

    CONSTRAINT "charge_confirms_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "charge_confirms_state_idx" ON "charge_confirms"("state");

-- CreateIndex
CREATE INDEX "customs_sub_orders_next_check_at_idx" ON "customs_sub_orders"("next_check_at");


-- Links made before this change: the console's expiry (24 h after creation, see lib/payment-links/follow.ts).
UPDATE "payment_links" SET "expires_at" = "created_at" + interval '24 hours' WHERE "expires_at" IS NULL;
-- Sub-orders already at Customs and not final: the follow job checks them on its next run.
UPDATE "customs_sub_orders" SET "next_check_at" = now()
 WHERE "state" = 'submitted' AND coalesce("customs_status", '') NOT IN ('SUCCESS', 'EXCEPT', 'CORRECTED');
