import { beforeEach, describe, expect, it } from "vitest";
import { encode } from "next-auth/jwt";
import { randomUUID } from "node:crypto";
import { config } from "@/lib/platform/config";
import { db, pool } from "@/lib/platform/db";
import { getCurrentUser, pendingAccountStep } from "@/lib/platform/auth/session";
import { updateSettings } from "@/lib/platform/settings/service";
import { createUser } from "@/lib/users/service";
import type { Role } from "@/lib/platform/auth/permissions";
import { actorFor } from "@/lib/platform/auth/actor";
import { requestSettingsChange } from "@/lib/pending-changes/requests";
import { staffOf } from "@/test/staff";

// Issue 30 item 11 (PCI DSS 4.0.1 8.4.2): every role that moves money, creates charges or
// manages stored cards signs in with a second factor, and "everyone" is a merchant setting,
// on by default. Against the real PostgreSQL: the session read is what gates the console.
const SECRET = config().auth.secret!;

async function signedIn(role: Role) {
  const user = await createUser(
    { email: `${role}-${randomUUID().slice(0, 8)}@example.com`, name: role, role, password: "long-enough-password" },
    null,
  );
  const sid = randomUUID();
  await pool.query("INSERT INTO sessions (id, user_id, expires_at) VALUES ($1, $2, now() + interval '1 hour')", [
    sid,
    user.id,
  ]);
  const cookie = await encode({ token: { sub: user.id, sid }, secret: SECRET });
  const me = await getCurrentUser({
    get: (name: string) => (name === "next-auth.session-token" ? { value: cookie } : undefined),
  });
  // The first password is the admin's: changed, so what is left is the second factor.
  return pendingAccountStep({ ...me!, mustChangePassword: false });
}

describe("who must enrol a second factor", () => {
  beforeEach(async () => {
    await db.user.deleteMany();
    await db.setting.deleteMany({ where: { key: "mfaRequiredForEveryone" } });
  });

  it("finance (money.move, charges.create, vault.manage) must, whatever the merchant setting", async () => {
    expect(await signedIn("finance")).toBe("mfa");
    await updateSettings({ mfaRequiredForEveryone: false }, "test");
    expect(await signedIn("finance")).toBe("mfa");
    expect(await signedIn("admin")).toBe("mfa");
    expect(await signedIn("manager")).toBe("mfa");
  });

  it("everyone must by default (a new merchant); with the setting off, ops may choose", async () => {
    expect(await signedIn("ops")).toBe("mfa");
    await updateSettings({ mfaRequiredForEveryone: false }, "test");
    expect(await signedIn("ops")).toBeNull();
    await updateSettings({ mfaRequiredForEveryone: true }, "test");
    expect(await signedIn("ops")).toBe("mfa");
  });

  it("turning it off waits for a second admin; turning it on applies at once", async () => {
    const admins = [];
    for (const name of ["ann", "ben"])
      admins.push(
        await createUser({ email: `${name}@example.com`, name, role: "admin", password: "long-enough-password" }, null),
      );
    const a = actorFor(staffOf({ id: admins[0]!.id, email: admins[0]!.email, name: "ann", role: "admin" }));
    expect(await requestSettingsChange({ mfaRequiredForEveryone: false }, a)).toHaveProperty("pendingChange");
    expect(await signedIn("ops")).toBe("mfa");
    await updateSettings({ mfaRequiredForEveryone: false }, "test");
    expect(await requestSettingsChange({ mfaRequiredForEveryone: true }, a)).toHaveProperty("applied");
    expect(await signedIn("ops")).toBe("mfa");
  });
});
