-- CreateIndex
CREATE INDEX "chargebacks_reference_idx" ON "chargebacks"("reference");

-- CreateIndex
CREATE INDEX "customs_sub_orders_declare_number_idx" ON "customs_sub_orders"("declare_number");

-- CreateIndex
CREATE INDEX "customs_sub_orders_state_declaration_id_idx" ON "customs_sub_orders"("state", "declaration_id");

-- CreateIndex
CREATE INDEX "customs_sub_orders_customs_status_declaration_id_idx" ON "customs_sub_orders"("customs_status", "declaration_id");

-- CreateIndex
CREATE INDEX "payment_links_reference_trgm_idx" ON "payment_links" USING GIN ("reference" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "vault_tokens_brand_idx" ON "vault_tokens"("brand");

-- CreateIndex
CREATE INDEX "vault_tokens_reference_trgm_idx" ON "vault_tokens" USING GIN ("reference" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "vault_tokens_consumer_reference_trgm_idx" ON "vault_tokens" USING GIN ("consumer_reference" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "vault_tokens_consumer_email_trgm_idx" ON "vault_tokens" USING GIN ("consumer_email" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "vault_tokens_pan_masked_trgm_idx" ON "vault_tokens" USING GIN ("pan_masked" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "webhook_notifications_parent_id_idx" ON "webhook_notifications"("parent_id");

-- CreateIndex
CREATE INDEX "webhook_notifications_reference_idx" ON "webhook_notifications"("reference");

