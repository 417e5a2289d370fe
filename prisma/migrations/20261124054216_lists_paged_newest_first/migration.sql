-- The lists read newest first and paged by keyset (lib/api/keyset.ts): (time, id) indexes in
-- the order of the query, so a deep page reads an index range like the first one.

-- DropIndex
DROP INDEX "chargebacks_opened_at_idx";

-- DropIndex
DROP INDEX "customs_declarations_created_at_idx";

-- DropIndex
DROP INDEX "payment_links_created_at_idx";

-- CreateIndex
CREATE INDEX "chargebacks_opened_at_id_idx" ON "chargebacks"("opened_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "customs_declarations_created_at_id_idx" ON "customs_declarations"("created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "operations_created_at_id_idx" ON "operations"("created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "payment_links_created_at_id_idx" ON "payment_links"("created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "vault_tokens_created_at_token_idx" ON "vault_tokens"("created_at" DESC, "token" DESC);

