import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db, pool } from "@/lib/platform/db";
import { actorFor, type StaffUser } from "@/lib/platform/auth/actor";
import { readSecret, SECRET_NAMES } from "@/lib/platform/secrets/store";
import { getSettingsState, updateSettings } from "@/lib/platform/settings/service";
import { setCredential } from "@/lib/settings/credentials";
import { createUser, updateUser } from "@/lib/users/service";
import { staffOf } from "@/test/staff";

// An action and its audit row commit together: when the audit row cannot be written, the
// action does not happen (it used to happen, unaudited). The audit insert is made to fail
// with a trigger, as a full disk or a revoked grant would.
const admin: StaffUser = staffOf({
  id: "00000000-0000-4000-8000-0000000000ad",
  email: "atomic-admin@example.com",
  name: "Ad",
  role: "admin",
});
const client = { ip: "127.0.0.1", userAgent: "vitest" };
const asAdmin = actorFor(admin, client);

beforeAll(async () => {
  await pool.query("CREATE TABLE IF NOT EXISTS test_refused_audit (action text PRIMARY KEY)");
  await pool.query(`CREATE OR REPLACE FUNCTION test_refuse_audit() RETURNS trigger LANGUAGE plpgsql AS
    $$ BEGIN IF EXISTS (SELECT 1 FROM test_refused_audit WHERE action = NEW.action) THEN RAISE EXCEPTION 'audit refused by test'; END IF; RETURN NEW; END $$`);
  await pool.query("DROP TRIGGER IF EXISTS test_refuse_audit ON audit_log");
  await pool.query(
    "CREATE TRIGGER test_refuse_audit BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION test_refuse_audit()",
  );
});
afterAll(async () => {
  await pool.query("DROP TRIGGER IF EXISTS test_refuse_audit ON audit_log");
  await pool.query("DROP FUNCTION IF EXISTS test_refuse_audit()");
  await pool.query("DROP TABLE IF EXISTS test_refused_audit");
});
beforeEach(async () => {
  await db.setting.deleteMany();
  await db.secret.deleteMany();
});

const refuseAudit = (actions: string[]) =>
  pool.query("INSERT INTO test_refused_audit SELECT unnest($1::text[]) ON CONFLICT DO NOTHING", [actions]);
const allowAudit = () => pool.query("DELETE FROM test_refused_audit");

describe("an action whose audit row cannot be written does not happen", () => {
  it("settings, credentials and users", async () => {
    await refuseAudit(["settings.update", "settings.credential.set", "user.create", "user.update"]);
    try {
      await expect(
        updateSettings(
          { merchantCustomsName: "Changed unaudited" },
          admin.email,
          {},
          { actor: asAdmin, action: "settings.update", result: "ok" },
        ),
      ).rejects.toThrow(/audit refused/);
      expect((await getSettingsState()).settings.merchantCustomsName).not.toBe("Changed unaudited");

      await expect(setCredential("webhook-secret", { value: "whsec_unaudited_value" }, asAdmin)).rejects.toThrow(
        /audit refused/,
      );
      expect(await readSecret(SECRET_NAMES.webhookSecret)).toBeNull();

      const email = `atomic-${Date.now()}@example.com`;
      await expect(
        createUser({ email, name: "Nobody", role: "admin", password: "a long enough password" }, asAdmin),
      ).rejects.toThrow(/audit refused/);
      expect(await db.user.findUnique({ where: { email } })).toBeNull();
    } finally {
      await allowAudit();
    }
    // With the audit trail writable again, the same actions go through with their rows.
    const email = `atomic-ok-${Date.now()}@example.com`;
    const user = await createUser(
      { email, name: "Somebody", role: "finance", password: "a long enough password" },
      asAdmin,
    );
    await refuseAudit(["user.update"]);
    try {
      await expect(updateUser(user.id, { role: "admin" }, asAdmin)).rejects.toThrow(/audit refused/);
      expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).role).toBe("finance");
    } finally {
      await allowAudit();
    }
    expect(await db.auditLog.count({ where: { action: "user.create", targetId: user.id } })).toBe(1);
  });
});
