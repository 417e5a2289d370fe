import { randomUUID } from "node:crypto";
import type { Role } from "../../lib/auth/permissions";
import { insertUser, withPg } from "../../scripts/lib/users";

export const PASSWORD = "e2e-password-123";

export const ROLE_USERS: Record<Role, { email: string; name: string }> = {
  admin: { email: "e2e-admin@example.com", name: "Erin Admin" },
  finance: { email: "e2e-finance@example.com", name: "Felix Finance" },
  ops: { email: "e2e-ops@example.com", name: "Olga Ops" },
  manager: { email: "e2e-manager@example.com", name: "Milo Manager" },
};

export const storageStateFor = (role: Role) => `e2e/.auth/${role}.json`;

function databaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set for the end-to-end tests (run them through `npm test`).");
  return url;
}

/** A fresh user of the given role, for tests that change or lock a user. */
export async function createUser(role: Role, label: string = role) {
  const user = { email: `${label}-${randomUUID().slice(0, 8)}@example.com`, name: `Test ${label}`, role, password: PASSWORD };
  await withPg(databaseUrl(), (client) => insertUser(client, user));
  return user;
}

export async function seedRoleUsers() {
  await withPg(databaseUrl(), async (client) => {
    for (const [role, u] of Object.entries(ROLE_USERS)) {
      await client.query("DELETE FROM users WHERE email = $1", [u.email]);
      await insertUser(client, { ...u, role: role as Role, password: PASSWORD });
    }
  });
}

export async function setUser(email: string, change: { role?: Role; disabled?: boolean }) {
  await withPg(databaseUrl(), (client) =>
    client.query("UPDATE users SET role = COALESCE($2::\"Role\", role), disabled = COALESCE($3, disabled) WHERE email = $1", [
      email,
      change.role ?? null,
      change.disabled ?? null,
    ]),
  );
}
