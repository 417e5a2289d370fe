-- The theme a person chose with the header switch (NULL follows the system setting).
ALTER TABLE "users" ADD COLUMN "theme" TEXT;

-- Light or dark only, in the trigger that already holds the preferences rules (not a CHECK
-- constraint: the JS engine introspection fails on those, see 20261124024954). The engine
-- splits at every semicolon, so the body escapes its own as \073.
CREATE OR REPLACE FUNCTION users_preferences_check() RETURNS trigger LANGUAGE plpgsql AS
  E'BEGIN\n  IF NEW.locale IS NOT NULL AND NEW.locale NOT IN (''en'', ''zh-CN'') THEN\n    RAISE EXCEPTION ''users_locale_check: not a console language'' USING ERRCODE = ''check_violation''\073\n  END IF\073\n  IF NEW.time_zone IS NOT NULL AND (NEW.time_zone !~ ''^[A-Za-z_]+(/[A-Za-z0-9_+-]+)*$'' OR length(NEW.time_zone) > 64) THEN\n    RAISE EXCEPTION ''users_time_zone_check: not an IANA time zone name'' USING ERRCODE = ''check_violation''\073\n  END IF\073\n  IF NEW.theme IS NOT NULL AND NEW.theme NOT IN (''light'', ''dark'') THEN\n    RAISE EXCEPTION ''users_theme_check: not a console theme'' USING ERRCODE = ''check_violation''\073\n  END IF\073\n  RETURN NEW\073\nEND';

DROP TRIGGER users_preferences_rules ON "users";
CREATE TRIGGER users_preferences_rules
  BEFORE INSERT OR UPDATE OF locale, time_zone, theme ON "users"
  FOR EACH ROW EXECUTE FUNCTION users_preferences_check();
