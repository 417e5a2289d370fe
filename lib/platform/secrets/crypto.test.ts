import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { keyringFromEnv, open, seal, SecretDecryptError } from "./crypto";

const ring = keyringFromEnv({ SECRETS_KEY: randomBytes(32).toString("base64") })!;

describe("secret encryption", () => {
  it("round-trips and never repeats an IV", () => {
    const a = seal("sk_live_123", "upi.private_key", ring);
    const b = seal("sk_live_123", "upi.private_key", ring);
    expect(a.iv.equals(b.iv)).toBe(false);
    expect(a.iv).toHaveLength(12);
    expect(a.ciphertext.toString("utf8")).not.toContain("sk_live");
    expect(open(a, "upi.private_key", ring)).toBe("sk_live_123");
  });

  it("refuses a tampered ciphertext, a tampered tag and a value moved to another row", () => {
    const sealed = seal("secret-value", "customs.token", ring);
    const flipped = Buffer.from(sealed.ciphertext);
    flipped[0]! ^= 1;
    expect(() => open({ ...sealed, ciphertext: flipped }, "customs.token", ring)).toThrow(SecretDecryptError);
    const tag = Buffer.from(sealed.tag);
    tag[3]! ^= 0x80;
    expect(() => open({ ...sealed, tag }, "customs.token", ring)).toThrow(SecretDecryptError);
    expect(() => open(sealed, "webhook.secret", ring)).toThrow(/moved/);
  });

  it("refuses a truncated tag (GCM would otherwise accept the first 4 to 15 bytes of the real one)", () => {
    const sealed = seal("secret-value", "customs.token", ring);
    for (const length of [4, 8, 12, 15]) {
      expect(() => open({ ...sealed, tag: sealed.tag.subarray(0, length) }, "customs.token", ring)).toThrow(
        SecretDecryptError,
      );
    }
    expect(open(sealed, "customs.token", ring)).toBe("secret-value");
  });

  it("reads rows written with a previous key during a rotation", () => {
    const oldKey = randomBytes(32).toString("base64");
    const old = keyringFromEnv({ SECRETS_KEY: oldKey })!;
    const sealed = seal("v", "x", old);
    const rotated = keyringFromEnv({
      SECRETS_KEY: randomBytes(32).toString("hex"),
      SECRETS_KEY_VERSION: "2",
      SECRETS_KEY_PREVIOUS: `1:${oldKey}`,
    })!;
    expect(open(sealed, "x", rotated)).toBe("v");
    expect(seal("v", "x", rotated).keyVersion).toBe(2);
    const withoutOld = keyringFromEnv({ SECRETS_KEY: randomBytes(32).toString("hex"), SECRETS_KEY_VERSION: "2" })!;
    expect(() => open(sealed, "x", withoutOld)).toThrow(/version 1/);
  });

  it("refuses a key of the wrong size", () => {
    expect(() => keyringFromEnv({ SECRETS_KEY: "short" })).toThrow(/32 bytes/);
  });
});
