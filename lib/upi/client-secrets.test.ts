import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { readSecret, SECRET_NAMES, writeSecret } from "@/lib/platform/secrets/store";
import { newManager, PRIVATE_KEY, setUpClientSandbox } from "@/test/upi-harness";

// Against the sandbox over HTTP and the real PostgreSQL that `npm test` starts.

setUpClientSandbox();

describe("secrets at rest", () => {
  it("a tampered ciphertext or one moved to another row fails to decrypt", async () => {
    await writeSecret(SECRET_NAMES.customsToken, "ct_secret_customs_value");
    await db.$executeRaw`UPDATE secrets SET ciphertext = set_byte(ciphertext, 0, get_byte(ciphertext, 0) # 1) WHERE name = 'upi.private_key'`;
    await expect(readSecret(SECRET_NAMES.privateKey)).rejects.toThrow(/tampered/);
    await writeSecret(SECRET_NAMES.privateKey, PRIVATE_KEY);
    await db.$executeRaw`UPDATE secrets SET ciphertext = p.ciphertext, iv = p.iv, tag = p.tag FROM secrets p WHERE secrets.name = 'customs.token' AND p.name = 'upi.private_key'`;
    await expect(readSecret(SECRET_NAMES.customsToken)).rejects.toThrow(/moved/);
  });

  it("a dump of the database holds no plaintext secret", async () => {
    const values = [PRIVATE_KEY, "ct_secret_customs_value", "whsec_plain_webhook_secret"];
    await writeSecret(SECRET_NAMES.customsToken, values[1]!);
    await writeSecret(SECRET_NAMES.webhookSecret, values[2]!);
    const token = await newManager().get();
    const tables = await db.$queryRaw<
      { tablename: string }[]
    >`SELECT tablename::text AS tablename FROM pg_tables WHERE schemaname = 'public'`;
    let dump = "";
    for (const { tablename } of tables) {
      const rows = await db.$queryRawUnsafe<{ row: string }[]>(
        `SELECT row_to_json(t)::text AS row FROM "${tablename}" t`,
      );
      dump += rows.map((r) => r.row).join("\n");
    }
    expect(dump).toContain("upi.private_key");
    for (const secret of [...values, token]) expect(dump).not.toContain(secret);
  });
});
