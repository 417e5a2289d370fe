-- AlterTable
ALTER TABLE "chargebacks" ADD COLUMN     "owner_id" UUID;

-- CreateTable
CREATE TABLE "chargeback_notes" (
    "id" BIGSERIAL NOT NULL,
    "chargeback_id" TEXT NOT NULL,
    "author_id" UUID NOT NULL,
    "author_email" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "chargeback_notes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "chargeback_files" (
    "id" UUID NOT NULL,
    "chargeback_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "content_type" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "sha256" TEXT NOT NULL,
    "data" BYTEA NOT NULL,
    "uploaded_by_id" UUID NOT NULL,
    "uploaded_by" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "chargeback_files_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "chargeback_notes_chargeback_id_created_at_idx" ON "chargeback_notes"("chargeback_id", "created_at");

-- CreateIndex
CREATE INDEX "chargeback_files_chargeback_id_created_at_idx" ON "chargeback_files"("chargeback_id", "created_at");

-- CreateIndex
CREATE INDEX "chargebacks_status_last_change_at_idx" ON "chargebacks"("status", "last_change_at");

-- AddForeignKey
ALTER TABLE "chargebacks" ADD CONSTRAINT "chargebacks_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "chargeback_notes" ADD CONSTRAINT "chargeback_notes_chargeback_id_fkey" FOREIGN KEY ("chargeback_id") REFERENCES "chargebacks"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "chargeback_files" ADD CONSTRAINT "chargeback_files_chargeback_id_fkey" FOREIGN KEY ("chargeback_id") REFERENCES "chargebacks"("id") ON DELETE CASCADE ON UPDATE CASCADE;

