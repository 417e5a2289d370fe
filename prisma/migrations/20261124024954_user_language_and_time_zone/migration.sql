-- AlterTable
ALTER TABLE "users" ADD COLUMN     "locale" TEXT,
ADD COLUMN     "time_zone" TEXT;

-- No CHECK constraints here: the schema engine's introspection fails on them, which breaks the
-- drift check (see the operations migration). The API validates both values (a console
-- language, an IANA zone the runtime knows), and a value that no longer validates reads as the
-- merchant's default (lib/i18n/server.ts preferencesOf).
