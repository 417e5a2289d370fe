-- CreateIndex
CREATE INDEX "chargebacks_id_trgm_idx" ON "chargebacks" USING GIN ("id" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "chargebacks_reference_trgm_idx" ON "chargebacks" USING GIN ("reference" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "customs_sub_orders_sub_order_no_trgm_idx" ON "customs_sub_orders" USING GIN ("sub_order_no" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "customs_sub_orders_declare_number_trgm_idx" ON "customs_sub_orders" USING GIN ("declare_number" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "vault_tokens_token_trgm_idx" ON "vault_tokens" USING GIN ("token" gin_trgm_ops);

