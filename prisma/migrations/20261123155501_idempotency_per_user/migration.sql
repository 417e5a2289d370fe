-- DropIndex
DROP INDEX "customs_declarations_idempotency_key_key";

-- DropIndex
DROP INDEX "customs_declarations_reference_idx";

-- DropIndex
DROP INDEX "operations_idempotency_key_key";

-- AlterTable
-- Existing declarations take their creator's id from the email they recorded, and a creator
-- no longer in users gets the nil id (their keys then match nobody's).
ALTER TABLE "customs_declarations" ADD COLUMN     "created_by_id" UUID,
ADD COLUMN     "request_hash" TEXT;
UPDATE "customs_declarations" d SET "created_by_id" = u."id" FROM "users" u WHERE u."email" = d."created_by";
UPDATE "customs_declarations" SET "created_by_id" = '00000000-0000-0000-0000-000000000000' WHERE "created_by_id" IS NULL;
ALTER TABLE "customs_declarations" ALTER COLUMN "created_by_id" SET NOT NULL;

-- CreateTable
CREATE TABLE "idempotent_requests" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "key" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "reference" TEXT,
    "response" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "idempotent_requests_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "idempotent_requests_created_at_idx" ON "idempotent_requests"("created_at");

-- CreateIndex
CREATE UNIQUE INDEX "idempotent_requests_user_id_key_key" ON "idempotent_requests"("user_id", "key");

-- CreateIndex
CREATE INDEX "customs_declarations_reference_vendor_idx" ON "customs_declarations"("reference", "vendor");

-- CreateIndex
CREATE UNIQUE INDEX "customs_declarations_created_by_id_idempotency_key_key" ON "customs_declarations"("created_by_id", "idempotency_key");

-- CreateIndex
CREATE UNIQUE INDEX "operations_requested_by_id_idempotency_key_key" ON "operations"("requested_by_id", "idempotency_key");

