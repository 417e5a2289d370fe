import { randomBytes, randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { keyringFromEnv, open, openText, sealToText, type Keyring } from "../../lib/platform/secrets/crypto";
import { totpSecretName } from "../../lib/platform/auth/totp";
import { idNumberSecretName } from "../../lib/declarations/sealed-id";
import { insertUser, withPg } from "./users";
import { putSecret, reencryptAll } from "./secrets";

// `npm run secrets:rotate` against the real PostgreSQL `npm test` starts: after it, every
// sealed value opens with the new key alone.
describe("secrets:rotate", () => {
  it("re-seals credentials, authenticator secrets and customs ID numbers with the current key", async () => {
    // The test database's rows are sealed with the run's key: rotate away from it, then back.
    const oldKey = process.env.SECRETS_KEY!;
    const newKey = randomBytes(32).toString("base64");
    const before = keyringFromEnv({ SECRETS_KEY: oldKey })!;
    const during = keyringFromEnv({
      SECRETS_KEY: newKey,
      SECRETS_KEY_VERSION: "2",
      SECRETS_KEY_PREVIOUS: `1:${oldKey}`,
    })!;
    const after: Keyring = keyringFromEnv({ SECRETS_KEY: newKey, SECRETS_KEY_VERSION: "2" })!;
    const name = `rotate.test.${randomUUID()}`;
    const declarationId = randomUUID();

    await withPg(process.env.DATABASE_URL!, async (c) => {
      await putSecret(c, before, name, "sk_rotate_me", "test");
      const userId = await insertUser(
        c,
        { email: `rotate-${randomUUID()}@example.com`, name: "R", role: "admin", password: "long-enough-password" },
        { secret: "JBSWY3DPEHPK3PXP", ring: before },
      );
      await c.query(
        `INSERT INTO customs_declarations (id, idempotency_key, reference, vendor, payment_type, merchant_customs_code, merchant_customs_name, customs_location, is_split, id_number_sealed, source, created_by, created_by_id, updated_at)
         VALUES ($1, $2, 'ref', 'upop', 'Online', 'c', 'n', 'HANGZHOU', false, $3, 'form', 'test', $4, now())`,
        [
          declarationId,
          randomUUID(),
          sealToText("110101199003074578", idNumberSecretName(declarationId), before),
          userId,
        ],
      );

      try {
        expect(await reencryptAll(c, during)).toBeGreaterThanOrEqual(3);
        const secret = (await c.query("SELECT ciphertext, iv, tag, key_version FROM secrets WHERE name = $1", [name]))
          .rows[0];
        expect(
          open(
            { ciphertext: secret.ciphertext, iv: secret.iv, tag: secret.tag, keyVersion: secret.key_version },
            name,
            after,
          ),
        ).toBe("sk_rotate_me");
        const mfa = (
          await c.query("SELECT ciphertext, iv, tag, key_version FROM user_mfa WHERE user_id = $1", [userId])
        ).rows[0];
        expect(
          open(
            { ciphertext: mfa.ciphertext, iv: mfa.iv, tag: mfa.tag, keyVersion: mfa.key_version },
            totpSecretName(userId),
            after,
          ),
        ).toBe("JBSWY3DPEHPK3PXP");
        const declaration = (
          await c.query("SELECT id_number_sealed FROM customs_declarations WHERE id = $1", [declarationId])
        ).rows[0];
        expect(openText(declaration.id_number_sealed, idNumberSecretName(declarationId), after)).toBe(
          "110101199003074578",
        );
      } finally {
        await reencryptAll(
          c,
          keyringFromEnv({ SECRETS_KEY: oldKey, SECRETS_KEY_VERSION: "1", SECRETS_KEY_PREVIOUS: `2:${newKey}` })!,
        );
      }

      await c.query("DELETE FROM customs_declarations WHERE id = $1", [declarationId]);
      await c.query("DELETE FROM users WHERE id = $1", [userId]);
      await c.query("DELETE FROM secrets WHERE name = $1", [name]);
    });
  });
});
