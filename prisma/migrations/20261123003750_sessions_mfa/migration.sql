-- AlterTable
ALTER TABLE "users" ADD COLUMN     "must_change_password" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "password_changed_at" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "sessions" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_seen_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "revoked_at" TIMESTAMPTZ(3),
    "revoked_reason" TEXT,
    "stepped_up_at" TIMESTAMPTZ(3),
    "ip" TEXT,
    "user_agent" TEXT,

    CONSTRAINT "sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "user_mfa" (
    "user_id" UUID NOT NULL,
    "ciphertext" BYTEA NOT NULL,
    "iv" BYTEA NOT NULL,
    "tag" BYTEA NOT NULL,
    "key_version" INTEGER NOT NULL,
    "enabled_at" TIMESTAMPTZ(3),
    "last_step" BIGINT NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "user_mfa_pkey" PRIMARY KEY ("user_id")
);

-- CreateTable
CREATE TABLE "recovery_codes" (
    "id" BIGSERIAL NOT NULL,
    "user_id" UUID NOT NULL,
    "code_hash" TEXT NOT NULL,
    "used_at" TIMESTAMPTZ(3),

    CONSTRAINT "recovery_codes_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "sessions_user_id_revoked_at_idx" ON "sessions"("user_id", "revoked_at");

-- CreateIndex
CREATE UNIQUE INDEX "recovery_codes_user_id_code_hash_key" ON "recovery_codes"("user_id", "code_hash");

-- AddForeignKey
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "user_mfa" ADD CONSTRAINT "user_mfa_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "recovery_codes" ADD CONSTRAINT "recovery_codes_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- A change to a user's role, status or password ends every session of that user on the
-- server, whoever makes it (the console, a script, psql). The session that changed its
-- own password may name itself in console.keep_session to stay signed in.
CREATE FUNCTION users_end_sessions() RETURNS trigger LANGUAGE plpgsql AS
  E'BEGIN UPDATE sessions SET revoked_at = now(), revoked_reason = CASE WHEN OLD.disabled IS DISTINCT FROM NEW.disabled THEN ''disabled'' WHEN OLD.role IS DISTINCT FROM NEW.role THEN ''role changed'' ELSE ''password changed'' END WHERE user_id = NEW.id AND revoked_at IS NULL AND id::text IS DISTINCT FROM nullif(current_setting(''console.keep_session'', true), '''')\073 RETURN NULL\073 END\073';

CREATE TRIGGER users_end_sessions
  AFTER UPDATE OF role, disabled, password_hash ON "users"
  FOR EACH ROW
  WHEN (OLD.role IS DISTINCT FROM NEW.role OR OLD.disabled IS DISTINCT FROM NEW.disabled OR OLD.password_hash IS DISTINCT FROM NEW.password_hash)
  EXECUTE FUNCTION users_end_sessions();

-- Removing a user's second factor (an admin reset) ends their sessions too.
CREATE FUNCTION user_mfa_end_sessions() RETURNS trigger LANGUAGE plpgsql AS
  E'BEGIN UPDATE sessions SET revoked_at = now(), revoked_reason = ''mfa reset'' WHERE user_id = OLD.user_id AND revoked_at IS NULL\073 RETURN NULL\073 END\073';

CREATE TRIGGER user_mfa_end_sessions
  AFTER DELETE ON "user_mfa"
  FOR EACH ROW EXECUTE FUNCTION user_mfa_end_sessions();
