import { randomBytes, randomUUID } from "node:crypto";
import type { Role } from "../../lib/platform/auth/permissions";
import { newTotpSecret } from "../../lib/platform/auth/totp";
import { keyringOrThrow } from "../../lib/platform/secrets/crypto";
import { insertUser, withPg } from "../../scripts/lib/users";
import { recoveryHash } from "../../scripts/lib/walk";

export const PASSWORD = "e2e-password-123";

export const ROLE_USERS: Record<Role, { email: string; name: string }> = {
  admin: { email: "e2e-admin@example.com", name: "Erin Admin" },
  finance: { email: "e2e-finance@example.com", name: "Felix Finance" },
  ops: { email: "e2e-ops@example.com", name: "Olga Ops" },
  manager: { email: "e2e-manager@example.com", name: "Milo Manager" },
};

// The authenticator secrets of users the tests created, by email: sign-in computes codes from them.
// The role users' secrets are fixed, so global setup (another process) and the specs agree.
const TOTP_SECRETS = new Map<string, string>([
  [ROLE_USERS.admin.email, "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP"],
  [ROLE_USERS.manager.email, "KRUGKIDROVUWG2ZAMJZG653OEBTG66BA"],
  // A new merchant requires two-step sign-in for everyone (issue 30), finance always.
  [ROLE_USERS.finance.email, "JGY7FV4LLEZHG4HDFEC77JCZCFUVAHEM"],
  [ROLE_USERS.ops.email, "GIUAHC26SSADWRBBR5HU7XJPH4QDY22E"],
]);
export const totpSecretOf = (email: string) => TOTP_SECRETS.get(email);

export const storageStateFor = (role: Role) => `e2e/.auth/${role}.json`;

export function databaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set for the end-to-end tests (run them through `npm test`).");
  return url;
}

const ring = () => keyringOrThrow(process.env);

/**
 * A fresh user of the given role (a preset's key or one a spec made), for tests that change or
 * lock a user. Every role gets a second factor enrolled, as the test merchant (a new one)
 * requires it for everyone (unless `mfa: false`, to test enrolment itself).
 */
export async function createUser(role: Role | string, label: string = role, options: { mfa?: boolean } = {}) {
  const user = {
    email: `${label}-${randomUUID().slice(0, 8)}@example.com`,
    name: `Test ${label}`,
    role,
    password: PASSWORD,
  };
  const secret = (options.mfa ?? true) ? newTotpSecret() : undefined;
  if (secret) TOTP_SECRETS.set(user.email, secret);
  const id = await withPg(databaseUrl(), (client) =>
    insertUser(client, user, secret ? { secret, ring: ring() } : undefined),
  );
  if (role === "admin") madeAdmins.push(user.email);
  return { ...user, id, totpSecret: secret };
}

/** The admins createUser made in this worker and retireMadeAdmins has not yet retired. */
const madeAdmins: string[] = [];

/**
 * Retires every admin a spec made (retireAdmin), passed or not: a spec that makes one calls it
 * in an afterEach (or afterAll), so later specs see the seeded admin alone under the two-admin rule.
 */
export async function retireMadeAdmins() {
  for (const email of madeAdmins.splice(0)) await retireAdmin(email);
}

export async function seedRoleUsers() {
  await withPg(databaseUrl(), async (client) => {
    for (const [role, u] of Object.entries(ROLE_USERS)) {
      await client.query("DELETE FROM users WHERE email = $1", [u.email]);
      const secret = TOTP_SECRETS.get(u.email);
      await insertUser(
        client,
        { ...u, role: role as Role, password: PASSWORD },
        secret ? { secret, ring: ring() } : undefined,
      );
    }
  });
}

export async function setUser(email: string, change: { role?: Role; disabled?: boolean }) {
  await withPg(databaseUrl(), (client) =>
    client.query(
      "UPDATE users SET role = COALESCE($2::text, role), disabled = COALESCE($3, disabled) WHERE email = $1",
      [email, change.role ?? null, change.disabled ?? null],
    ),
  );
}

/**
 * Takes an admin a spec made out of the two-admin rule's count (users.was_admin_at): disabled,
 * demoted, and unmarked, so later specs see a merchant that never had a second admin, as the
 * seed made it. Only tests do this: the console never clears the mark.
 */
export async function retireAdmin(email: string) {
  await withPg(databaseUrl(), async (client) => {
    await client.query("UPDATE users SET disabled = true, role = 'ops' WHERE email = $1", [email]);
    await client.query("UPDATE users SET was_admin_at = NULL WHERE email = $1", [email]);
  });
}

/**
 * Admins other than the seeded one that another spec left counted by the two-admin rule
 * (enabled, or marked users.was_admin_at): a spec that makes an admin retires it (retireAdmin),
 * or the rule's "only admin" and "nobody to approve" states are not what later specs set up.
 */
export async function strayAdmins(): Promise<string[]> {
  const rows = await sql<{ email: string }>(
    "SELECT email FROM users WHERE email <> $1 AND (was_admin_at IS NOT NULL OR (role = 'admin' AND NOT disabled)) ORDER BY email",
    [ROLE_USERS.admin.email],
  );
  return rows.map((r) => r.email);
}

/** One SQL statement against the test database (checks that read what a user cannot see). */
export async function sql<T extends Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
  return withPg(databaseUrl(), async (client) => (await client.query<T>(text, values)).rows);
}

/**
 * An unused recovery code added to a user's set (hashed as lib/auth/mfa.ts hashes them): a
 * second factor for one more sign-in or step-up when both TOTP steps the server accepts are
 * spent. Its shape is the console's own (xxxxx-xxxxx, not six digits).
 */
export async function addRecoveryCode(email: string): Promise<string> {
  const chars = randomBytes(10)
    .toString("hex")
    .replace(/[0-9]/g, (d) => "abcdefghij"[Number(d)]!)
    .slice(0, 10);
  const code = `${chars.slice(0, 5)}-${chars.slice(5)}`;
  const rows = await sql(
    `INSERT INTO recovery_codes (user_id, code_hash)
     SELECT id, $2 FROM users WHERE email = $1 RETURNING id`,
    [email.toLowerCase(), recoveryHash(code)],
  );
  if (rows.length !== 1) throw new Error(`no user ${email} to add a recovery code to`);
  return code;
}
