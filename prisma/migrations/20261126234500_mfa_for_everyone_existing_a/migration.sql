-- Two-step sign-in for everyone is on for a new merchant (the settings default in
-- lib/settings/service.ts). A console that already has users keeps the rule it had: the
-- setting is stored off there (finance, managers and admins still need it by their role),
-- and an admin turns it on in Settings.
INSERT INTO "settings" ("key", "value", "updated_at", "updated_by")
SELECT 'mfaRequiredForEveryone', 'false'::jsonb, now(), 'migration'
WHERE EXISTS (SELECT 1 FROM "users")
ON CONFLICT ("key") DO NOTHING;
