import pg from "pg";
import { hashPassword } from "../../lib/platform/auth/password";
import { pgConfigFromUrl } from "../../lib/platform/db-url";
import type { Role } from "../../lib/platform/auth/permissions";
import { seal, type Keyring } from "../../lib/platform/secrets/crypto";
import { totpSecretName } from "../../lib/platform/auth/totp";

// Local mode only: one account per role so a new developer can try every view.
export const DEMO_USERS: { email: string; name: string; role: Role; password: string }[] = [
  { email: "admin@example.com", name: "Ada Admin", role: "admin", password: "demo-admin-pass" },
  { email: "finance@example.com", name: "Fiona Finance", role: "finance", password: "demo-finance-pass" },
  { email: "ops@example.com", name: "Oscar Ops", role: "ops", password: "demo-ops-pass" },
  { email: "manager@example.com", name: "Maya Manager", role: "manager", password: "demo-manager-pass" },
];

export async function withPg<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client(pgConfigFromUrl(url));
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

type NewUser = { email: string; name: string; role: string; password: string };

/** Inserts a user; with `totp`, the second factor is already enrolled with that secret. */
export async function insertUser(
  client: pg.Client,
  user: NewUser,
  totp?: { secret: string; ring: Keyring },
): Promise<string> {
  const { rows } = await client.query<{ id: string }>(
    `INSERT INTO users (id, email, name, role, password_hash, updated_at)
     VALUES (gen_random_uuid(), $1, $2, $3, $4, now()) RETURNING id`,
    [user.email.toLowerCase(), user.name, user.role, await hashPassword(user.password)],
  );
  const id = rows[0]!.id;
  if (totp) {
    const sealed = seal(totp.secret, totpSecretName(id), totp.ring);
    await client.query(
      `INSERT INTO user_mfa (user_id, ciphertext, iv, tag, key_version, enabled_at) VALUES ($1, $2, $3, $4, $5, now())`,
      [id, sealed.ciphertext, sealed.iv, sealed.tag, sealed.keyVersion],
    );
  }
  return id;
}

/** Creates the demo users when the database has no user at all; returns whether it did. */
export async function seedDemoUsers(url: string): Promise<boolean> {
  return withPg(url, async (client) => {
    const { rows } = await client.query<{ n: string }>("SELECT count(*) AS n FROM users");
    if (Number(rows[0]?.n) > 0) return false;
    for (const user of DEMO_USERS) await insertUser(client, user);
    return true;
  });
}
