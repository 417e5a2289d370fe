import type pg from "pg";
import { keyringOrThrow, open, seal, type Keyring } from "../../lib/secrets/crypto";
import { totpSecretName } from "../../lib/auth/totp";

export { keyringOrThrow };

export async function putSecret(client: pg.Client, ring: Keyring, name: string, value: string, by: string) {
  const s = seal(value, name, ring);
  await client.query(
    `INSERT INTO secrets (name, ciphertext, iv, tag, key_version, updated_at, updated_by) VALUES ($1, $2, $3, $4, $5, now(), $6)
     ON CONFLICT (name) DO UPDATE SET ciphertext = $2, iv = $3, tag = $4, key_version = $5, updated_at = now(), updated_by = $6`,
    [name, s.ciphertext, s.iv, s.tag, s.keyVersion, by],
  );
}

/** Local mode with the bundled sandbox: point the console at the sandbox's default merchant once. */
export async function seedSandboxCredentials(client: pg.Client, ring: Keyring, creds: { privateKey: string; customsToken: string; webhookSecret: string }) {
  const { rows } = await client.query("SELECT 1 FROM secrets WHERE name = 'upi.private_key'");
  if (rows.length > 0) return false;
  await putSecret(client, ring, "upi.private_key", creds.privateKey, "sandbox defaults");
  await putSecret(client, ring, "customs.token", creds.customsToken, "sandbox defaults");
  await putSecret(client, ring, "webhook.secret", creds.webhookSecret, "sandbox defaults");
  return true;
}

/** Re-encrypts every secret with the current key, inside one transaction. */
export async function reencryptAll(client: pg.Client, ring: Keyring): Promise<number> {
  await client.query("BEGIN");
  try {
    const { rows } = await client.query<{ name: string; ciphertext: Buffer; iv: Buffer; tag: Buffer; key_version: number; updated_by: string | null }>(
      "SELECT name, ciphertext, iv, tag, key_version, updated_by FROM secrets FOR UPDATE",
    );
    for (const r of rows) {
      const plain = open({ ciphertext: r.ciphertext, iv: r.iv, tag: r.tag, keyVersion: r.key_version }, r.name, ring);
      const s = seal(plain, r.name, ring);
      await client.query("UPDATE secrets SET ciphertext = $2, iv = $3, tag = $4, key_version = $5 WHERE name = $1", [r.name, s.ciphertext, s.iv, s.tag, s.keyVersion]);
    }
    // Users' authenticator secrets are sealed with the same keys.
    const mfa = await client.query<{ user_id: string; ciphertext: Buffer; iv: Buffer; tag: Buffer; key_version: number }>(
      "SELECT user_id, ciphertext, iv, tag, key_version FROM user_mfa FOR UPDATE",
    );
    for (const r of mfa.rows) {
      const name = totpSecretName(r.user_id);
      const s = seal(open({ ciphertext: r.ciphertext, iv: r.iv, tag: r.tag, keyVersion: r.key_version }, name, ring), name, ring);
      await client.query("UPDATE user_mfa SET ciphertext = $2, iv = $3, tag = $4, key_version = $5 WHERE user_id = $1", [r.user_id, s.ciphertext, s.iv, s.tag, s.keyVersion]);
    }
    await client.query("COMMIT");
    return rows.length + mfa.rows.length;
  } catch (error) {
    await client.query("ROLLBACK");
    throw error;
  }
}
