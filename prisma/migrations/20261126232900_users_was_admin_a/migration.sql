-- AlterTable
ALTER TABLE "users" ADD COLUMN     "was_admin_at" TIMESTAMPTZ(3);


-- Every admin the merchant has had, from the admins of today (their creation is the best
-- known time). Later ones are marked by the trigger below, whoever writes the row: the
-- console, the seed or the create-admin script. Disabling or demoting keeps the mark.
UPDATE "users" SET "was_admin_at" = "created_at" WHERE "role" = 'admin';

CREATE FUNCTION users_was_admin_mark() RETURNS trigger LANGUAGE plpgsql AS
  E'BEGIN\n  IF NEW.role = ''admin'' AND NEW.was_admin_at IS NULL THEN\n    NEW.was_admin_at := now()\073\n  END IF\073\n  RETURN NEW\073\nEND';

CREATE TRIGGER users_was_admin
  BEFORE INSERT OR UPDATE ON "users"
  FOR EACH ROW EXECUTE FUNCTION users_was_admin_mark();
