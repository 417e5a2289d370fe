-- AlterTable
ALTER TABLE "users" ADD COLUMN     "locale" TEXT,
ADD COLUMN     "time_zone" TEXT;


-- Only the console's languages, and a time zone is an IANA name (checked against the runtime's list by the API).
ALTER TABLE "users" ADD CONSTRAINT "users_locale_check" CHECK ("locale" IN ('en', 'zh-CN'));
ALTER TABLE "users" ADD CONSTRAINT "users_time_zone_check" CHECK ("time_zone" ~ '^[A-Za-z_]+(/[A-Za-z0-9_+-]+)*$' AND length("time_zone") <= 64);
