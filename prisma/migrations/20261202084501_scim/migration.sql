-- AlterTable
ALTER TABLE "users" ADD COLUMN     "deprovisioned_at" TIMESTAMPTZ(3),
ADD COLUMN     "external_id" TEXT;

-- CreateTable
CREATE TABLE "scim_tokens" (
    "id" UUID NOT NULL,
    "token_hash" TEXT NOT NULL,
    "created_by_email" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revoked_at" TIMESTAMPTZ(3),

    CONSTRAINT "scim_tokens_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "scim_tokens_token_hash_key" ON "scim_tokens"("token_hash");

-- CreateIndex
CREATE UNIQUE INDEX "users_external_id_key" ON "users"("external_id");


-- Where a provisioned person waits until a group gives them a role: a role that may do nothing
-- (the console opens no page and answers 403 to every call). Fixed, like the presets.
INSERT INTO "roles" ("key", "name", "permissions", "preset", "updated_at")
VALUES ('no-access', 'No access', ARRAY[]::text[], true, now());
