-- AlterTable
ALTER TABLE "users" ADD COLUMN     "locale" TEXT,
ADD COLUMN     "time_zone" TEXT;

-- Only the languages of the console, and a time zone written as an IANA name (the API checks it
-- against the list of the runtime). A trigger, not CHECK constraints: the introspection of the JS
-- engine fails on CHECK constraints, which breaks the schema drift check of npm test. The engine
-- splits at every semicolon, so the body escapes its own as \073.
CREATE FUNCTION users_preferences_check() RETURNS trigger LANGUAGE plpgsql AS
  E'BEGIN\n  IF NEW.locale IS NOT NULL AND NEW.locale NOT IN (''en'', ''zh-CN'') THEN\n    RAISE EXCEPTION ''users_locale_check: not a console language'' USING ERRCODE = ''check_violation''\073\n  END IF\073\n  IF NEW.time_zone IS NOT NULL AND (NEW.time_zone !~ ''^[A-Za-z_]+(/[A-Za-z0-9_+-]+)*$'' OR length(NEW.time_zone) > 64) THEN\n    RAISE EXCEPTION ''users_time_zone_check: not an IANA time zone name'' USING ERRCODE = ''check_violation''\073\n  END IF\073\n  RETURN NEW\073\nEND';

CREATE TRIGGER users_preferences_rules
  BEFORE INSERT OR UPDATE OF locale, time_zone ON "users"
  FOR EACH ROW EXECUTE FUNCTION users_preferences_check();
