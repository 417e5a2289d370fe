-- The theme a person chose with the header switch (NULL follows the system setting).
ALTER TABLE "users" ADD COLUMN "theme" TEXT;
ALTER TABLE "users" ADD CONSTRAINT "users_theme_check" CHECK ("theme" IN ('light', 'dark'));
