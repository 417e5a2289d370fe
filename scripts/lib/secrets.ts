import type pg from "pg";
import { keyringOrThrow, open, openText, seal, sealToText, type Keyring } from "../../lib/platform/secrets/crypto";
import { totpSecretName } from "../../lib/platform/auth/totp";
import { idNumberSecretName } from "../../lib/declarations/sealed-id";

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
export async function seedSandboxCredentials(
  client: pg.Client,
  ring: Keyring,
  creds: { privateKey: string; customsToken: string; webhookSecret: string },
) {
  const { rows } = await client.query("SELECT 1 FROM secrets WHERE name = 'upi.private_key'");
  if (rows.length > 0) return false;
  await putSecret(client, ring, "upi.private_key", creds.privateKey, "sandbox defaults");
  await putSecret(client, ring, "customs.token", creds.customsToken, "sandbox defaults");
  await putSecret(client, ring, "webhook.secret", creds.webhookSecret, "sandbox defaults");
  return true;
}

/** Re-seals every row of a table whose value sits in ciphertext/iv/tag/key_version columns. */
async function resealColumns(
  client: pg.Client,
  ring: Keyring,
  table: "secrets" | "user_mfa",
  key: "name" | "user_id",
  nameOf: (key: string) => string,
): Promise<number> {
  const { rows } = await client.query<{
    key: string;
    ciphertext: Buffer;
    iv: Buffer;
    tag: Buffer;
    key_version: number;
  }>(`SELECT ${key} AS key, ciphertext, iv, tag, key_version FROM ${table} FOR UPDATE`);
  for (const r of rows) {
    const name = nameOf(r.key);
    const s = seal(
      open({ ciphertext: r.ciphertext, iv: r.iv, tag: r.tag, keyVersion: r.key_version }, name, ring),
      name,
      ring,
    );
    await client.query(`UPDATE ${table} SET ciphertext = $2, iv = $3, tag = $4, key_version = $5 WHERE ${key} = $1`, [
      r.key,
      s.ciphertext,
      s.iv,
      s.tag,
      s.keyVersion,
    ]);
  }
  return rows.length;
}

/** Re-encrypts every secret with the current key, inside one transaction. */
export async function reencryptAll(client: pg.Client, ring: Keyring): Promise<number> {
  await client.query("BEGIN");
  try {
    const secrets = await resealColumns(client, ring, "secrets", "name", (name) => name);
    // Users' authenticator secrets are sealed with the same keys…
    const mfa = await resealColumns(client, ring, "user_mfa", "user_id", totpSecretName);
    // …and so are upop buyers' ID numbers on customs declarations.
    const ids = await client.query<{ id: string; id_number_sealed: string }>(
      "SELECT id, id_number_sealed FROM customs_declarations WHERE id_number_sealed IS NOT NULL FOR UPDATE",
    );
    for (const r of ids.rows) {
      const name = idNumberSecretName(r.id);
      await client.query("UPDATE customs_declarations SET id_number_sealed = $2 WHERE id = $1", [
        r.id,
        sealToText(openText(r.id_number_sealed, name, ring), name, ring),
      ]);
    }
    await client.query("COMMIT");
    return secrets + mfa + ids.rows.length;
  } catch (error) {
    await client.query("ROLLBACK");
    throw error;
  }
}
