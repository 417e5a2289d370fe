-- CreateTable
CREATE TABLE "charge_fills" (
    "transaction_id" TEXT NOT NULL,
    "checks" INTEGER NOT NULL DEFAULT 0,
    "next_check_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "charge_fills_pkey" PRIMARY KEY ("transaction_id")
);

