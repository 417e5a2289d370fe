-- CreateTable
CREATE TABLE "payment_links" (
    "id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "vendor" TEXT NOT NULL,
    "reference" TEXT NOT NULL,
    "amount" BIGINT NOT NULL,
    "currency" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "query" TEXT,
    "transaction_id" TEXT,
    "status" TEXT NOT NULL,
    "cny_amount" BIGINT,
    "created_by" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "completed_at" TIMESTAMPTZ(3),

    CONSTRAINT "payment_links_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "payment_links_reference_key" ON "payment_links"("reference");

-- CreateIndex
CREATE INDEX "payment_links_created_at_idx" ON "payment_links"("created_at" DESC);

