-- CreateTable
CREATE TABLE "vault_tokens" (
    "token" TEXT NOT NULL,
    "reference" TEXT,
    "method" TEXT,
    "brand" TEXT,
    "pan_masked" TEXT,
    "expiry" TEXT,
    "status" TEXT NOT NULL,
    "country" TEXT,
    "consumer_reference" TEXT,
    "consumer_email" TEXT,
    "consumer_name" TEXT,
    "source" TEXT NOT NULL,
    "time_created" TIMESTAMPTZ(3),
    "deleted_at" TIMESTAMPTZ(3),
    "last_synced_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "vault_tokens_pkey" PRIMARY KEY ("token")
);

-- CreateIndex
CREATE INDEX "vault_tokens_status_created_at_idx" ON "vault_tokens"("status", "created_at" DESC);

-- CreateIndex
CREATE INDEX "vault_tokens_reference_idx" ON "vault_tokens"("reference");

-- CreateIndex
CREATE INDEX "vault_tokens_consumer_reference_idx" ON "vault_tokens"("consumer_reference");

