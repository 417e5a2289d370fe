-- Issue 20: search that finds what people type, and saved views.
-- Fragment search (ILIKE '%…%') needs trigram indexes. The embedded database (PGlite)
-- loads its pg_trgm build before migrating (scripts/lib/embedded-db.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- The customer's email (sent by the console, not echoed by the API) and the card's last
-- four (from the masked pan) as columns of their own: filled on write, back-filled here.
-- (customer_email is also the transaction page's: the next migration adds it only if missing.)
ALTER TABLE "ledger_transactions" ADD COLUMN IF NOT EXISTS "card_last4" TEXT,
ADD COLUMN IF NOT EXISTS "customer_email" TEXT;

UPDATE "ledger_transactions"
SET "card_last4" = substring("pan_masked" FROM '(\d{4})\D*$')
WHERE "pan_masked" IS NOT NULL AND "card_last4" IS NULL;

UPDATE "ledger_transactions"
SET "customer_email" = "payload" #>> '{consumer,email}'
WHERE "customer_email" IS NULL AND jsonb_typeof("payload" #> '{consumer,email}') = 'string';

-- CreateTable
CREATE TABLE "saved_views" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "list" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "query" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "saved_views_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "saved_views_user_id_list_name_key" ON "saved_views"("user_id", "list", "name");

-- CreateIndex
CREATE INDEX "ledger_transactions_reference_trgm_idx" ON "ledger_transactions" USING GIN ("reference" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "ledger_transactions_consumer_reference_trgm_idx" ON "ledger_transactions" USING GIN ("consumer_reference" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "ledger_transactions_customer_email_trgm_idx" ON "ledger_transactions" USING GIN ("customer_email" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "ledger_transactions_card_last4_time_created_idx" ON "ledger_transactions"("card_last4", "time_created" DESC);

-- AddForeignKey
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- CreateIndex
CREATE INDEX "audit_log_actor_email_trgm_idx" ON "audit_log" USING GIN ("actor_email" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "customs_declarations_reference_trgm_idx" ON "customs_declarations" USING GIN ("reference" gin_trgm_ops);
