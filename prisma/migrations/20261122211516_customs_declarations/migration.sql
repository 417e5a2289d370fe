-- CreateTable
CREATE TABLE "customs_declarations" (
    "id" UUID NOT NULL,
    "idempotency_key" TEXT NOT NULL,
    "transaction_id" TEXT,
    "reference" TEXT NOT NULL,
    "vendor" TEXT NOT NULL,
    "payment_type" TEXT NOT NULL,
    "merchant_customs_code" TEXT NOT NULL,
    "merchant_customs_name" TEXT NOT NULL,
    "customs_location" TEXT NOT NULL,
    "duty" BIGINT,
    "is_split" BOOLEAN NOT NULL,
    "buyer_name" TEXT,
    "id_number_masked" TEXT,
    "id_number_sealed" TEXT,
    "id_type" TEXT,
    "business_type" TEXT,
    "parent_amount" BIGINT,
    "parent_currency" TEXT,
    "parent_cny_fen" BIGINT,
    "source" TEXT NOT NULL,
    "created_by" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "customs_declarations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "customs_sub_orders" (
    "id" UUID NOT NULL,
    "declaration_id" UUID NOT NULL,
    "sub_order_no" TEXT NOT NULL,
    "order_fee" BIGINT,
    "transport_fee" BIGINT,
    "product_fee" BIGINT,
    "state" TEXT NOT NULL,
    "declare_number" TEXT,
    "verification_org" TEXT,
    "identity_check" TEXT,
    "customs_status" TEXT,
    "time_modified" TEXT,
    "error_code" TEXT,
    "error_detail" TEXT,
    "vendor_request" TEXT,
    "vendor_response" TEXT,
    "corrects_id" UUID,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "submitted_at" TIMESTAMPTZ(3),
    "checked_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "customs_sub_orders_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "customs_declarations_idempotency_key_key" ON "customs_declarations"("idempotency_key");

-- CreateIndex
CREATE INDEX "customs_declarations_created_at_idx" ON "customs_declarations"("created_at" DESC);

-- CreateIndex
CREATE INDEX "customs_declarations_reference_idx" ON "customs_declarations"("reference");

-- CreateIndex
CREATE INDEX "customs_declarations_transaction_id_idx" ON "customs_declarations"("transaction_id");

-- CreateIndex
CREATE INDEX "customs_sub_orders_sub_order_no_idx" ON "customs_sub_orders"("sub_order_no");

-- CreateIndex
CREATE UNIQUE INDEX "customs_sub_orders_declaration_id_sub_order_no_key" ON "customs_sub_orders"("declaration_id", "sub_order_no");

-- AddForeignKey
ALTER TABLE "customs_sub_orders" ADD CONSTRAINT "customs_sub_orders_declaration_id_fkey" FOREIGN KEY ("declaration_id") REFERENCES "customs_declarations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

