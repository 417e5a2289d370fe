-- Roles become data (issue 51): the four presets are rows with the permissions of
-- lib/platform/auth/permissions.ts (ROLE_PERMISSIONS, held equal by lib/roles/roles.test.ts), and a
-- merchant's own roles are added beside them. users.role names a row.
CREATE TABLE "roles" (
    "key" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "permissions" TEXT[],
    "preset" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "roles_pkey" PRIMARY KEY ("key")
);

INSERT INTO "roles" ("key", "name", "permissions", "preset", "updated_at") VALUES
  ('finance', 'Finance', ARRAY['overview.read', 'transactions.read', 'transactions.annotate', 'charges.create', 'money.move', 'chargebacks.read', 'vault.read', 'vault.manage', 'reports.read', 'reconciliation.read', 'reconciliation.manage'], true, now()),
  ('ops', 'Operations', ARRAY['overview.read', 'transactions.read', 'customs.read', 'customs.declare'], true, now()),
  ('manager', 'Manager', ARRAY['overview.read', 'transactions.read', 'transactions.annotate', 'refunds.approve', 'chargebacks.read', 'chargebacks.manage', 'webhooks.read', 'webhooks.manage', 'customs.read', 'vault.read', 'audit.read', 'reports.read', 'reconciliation.read', 'reconciliation.manage', 'notifications.manage'], true, now()),
  ('admin', 'Admin', ARRAY['overview.read', 'transactions.read', 'transactions.annotate', 'webhooks.read', 'webhooks.manage', 'customs.read', 'customs.declare', 'vault.read', 'vault.manage', 'audit.read', 'users.manage', 'settings.manage'], true, now());

-- The session-ending trigger names the column in its condition: it is dropped for the type
-- change and made again as it was.
DROP TRIGGER "users_end_sessions" ON "users";
ALTER TABLE "users" ALTER COLUMN "role" TYPE TEXT USING "role"::text;
CREATE TRIGGER users_end_sessions
  AFTER UPDATE OF role, disabled, password_hash ON "users"
  FOR EACH ROW
  WHEN (OLD.role IS DISTINCT FROM NEW.role OR OLD.disabled IS DISTINCT FROM NEW.disabled OR OLD.password_hash IS DISTINCT FROM NEW.password_hash)
  EXECUTE FUNCTION users_end_sessions();

ALTER TABLE "users" ADD CONSTRAINT "users_role_fkey" FOREIGN KEY ("role") REFERENCES "roles"("key") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- The audit row keeps the key of the actor's role, whatever role that is.
ALTER TABLE "audit_log" ALTER COLUMN "actor_role" TYPE TEXT USING "actor_role"::text;

-- An admin, for the two-admin rule, is whoever holds users.manage (the power over users and
-- roles), by a preset or by a role of the merchant's: marked when the user gets such a role and
-- when their role gains the permission. The mark is kept after either is undone.
CREATE OR REPLACE FUNCTION users_was_admin_mark() RETURNS trigger LANGUAGE plpgsql AS
  E'BEGIN\n  IF NEW.was_admin_at IS NULL AND EXISTS (SELECT 1 FROM roles r WHERE r.key = NEW.role AND ''users.manage'' = ANY(r.permissions)) THEN\n    NEW.was_admin_at := now()\073\n  END IF\073\n  RETURN NEW\073\nEND';

CREATE FUNCTION roles_was_admin_mark() RETURNS trigger LANGUAGE plpgsql AS
  E'BEGIN\n  IF ''users.manage'' = ANY(NEW.permissions) THEN\n    UPDATE users SET was_admin_at = now() WHERE role = NEW.key AND was_admin_at IS NULL\073\n  END IF\073\n  RETURN NULL\073\nEND';

CREATE TRIGGER roles_was_admin
  AFTER UPDATE OF permissions ON "roles"
  FOR EACH ROW EXECUTE FUNCTION roles_was_admin_mark();
