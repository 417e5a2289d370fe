-- A credential or chat destination waiting for a second admin is kept sealed in its pending row
-- (lib/pending-changes/credentials.ts). Once the change is decided (approved, rejected, withdrawn
-- or expired) the sealed value is no use to anyone: emptied in the same write, whoever makes it.
CREATE FUNCTION pending_changes_empty_sealed() RETURNS trigger LANGUAGE plpgsql AS
  E'BEGIN IF OLD.status = ''pending'' AND NEW.status <> ''pending'' AND NEW.kind IN (''settings.credential'', ''settings.chat_set'') THEN NEW.payload := ''{}''::jsonb\073 END IF\073 RETURN NEW\073 END\073';

CREATE TRIGGER pending_changes_empty_sealed BEFORE UPDATE OF status ON pending_changes
  FOR EACH ROW EXECUTE FUNCTION pending_changes_empty_sealed();
