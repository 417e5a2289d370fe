-- The person's theme from the header's switch; NULL follows the system's setting.
ALTER TABLE "users" ADD COLUMN "theme" TEXT;
ALTER TABLE "users" ADD CONSTRAINT "users_theme_check" CHECK ("theme" IN ('light', 'dark'));
