-- CreateTable
CREATE TABLE "sso_config" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "issuer" TEXT NOT NULL DEFAULT '',
    "client_id" TEXT NOT NULL DEFAULT '',
    "mode" TEXT NOT NULL DEFAULT 'off',
    "label" TEXT NOT NULL DEFAULT '',
    "groups_claim" TEXT NOT NULL DEFAULT 'groups',
    "mappings" JSONB NOT NULL DEFAULT '[]',
    "break_glass" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "mfa_acr" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_by" TEXT,

    CONSTRAINT "sso_config_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sso_attempts" (
    "state_hash" TEXT NOT NULL,
    "nonce" TEXT NOT NULL,
    "code_verifier" TEXT NOT NULL,
    "callback_url" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "used_at" TIMESTAMPTZ(3),

    CONSTRAINT "sso_attempts_pkey" PRIMARY KEY ("state_hash")
);

-- CreateTable
CREATE TABLE "sso_tickets" (
    "id_hash" TEXT NOT NULL,
    "user_id" UUID NOT NULL,
    "needs_code" BOOLEAN NOT NULL,
    "factor" TEXT NOT NULL,
    "callback_url" TEXT NOT NULL,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),

    CONSTRAINT "sso_tickets_pkey" PRIMARY KEY ("id_hash")
);

-- CreateIndex
CREATE INDEX "sso_tickets_user_id_idx" ON "sso_tickets"("user_id");

-- AddForeignKey
ALTER TABLE "sso_tickets" ADD CONSTRAINT "sso_tickets_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

