import pg from "pg";
import { hashPassword } from "../../lib/platform/auth/password";
import { pgConfigFromUrl } from "../../lib/platform/db-url";
import type { Role } from "../../lib/platform/auth/permissions";
import { seal, type Keyring } from "../../lib/platform/secrets/crypto";
import { newTotpSecret, totpSecretName } from "../../lib/platform/auth/totp";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

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

type DemoKeys = Record<string, { email: string; key: string }>;
const demoKeysFile = (dataDir: string) => join(dataDir, "demo-mfa.json");

/** The authenticator keys local mode enrolled its demo users with, by role (none for older data). */
export function demoKeys(dataDir: string): DemoKeys {
  const file = demoKeysFile(dataDir);
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as DemoKeys) : {};
}

/** Creates the demo users, enrolled in two-step sign-in, when the database has no user at all; returns whether it did. */
export async function seedDemoUsers(url: string, ring: Keyring, dataDir: string): Promise<boolean> {
  return withPg(url, async (client) => {
    const { rows } = await client.query<{ n: string }>("SELECT count(*) AS n FROM users");
    if (Number(rows[0]?.n) > 0) return false;
    const keys: DemoKeys = Object.fromEntries(
      DEMO_USERS.map((u) => [u.role, { email: u.email, key: newTotpSecret() }]),
    );
    writeFileSync(demoKeysFile(dataDir), `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
    await client.query("BEGIN");
    for (const user of DEMO_USERS) await insertUser(client, user, { secret: keys[user.role]!.key, ring });
    await client.query("COMMIT");
    return true;
  });
}
