import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

// AES-256-GCM, a random 96-bit IV per write; the AAD names the row, so a moved ciphertext fails to decrypt.

export type Sealed = { ciphertext: Buffer; iv: Buffer; tag: Buffer; keyVersion: number };
export type Keyring = { current: number; keys: Map<number, Buffer> };

const TAG_BYTES = 16;

export const aadFor = (name: string) => Buffer.from(`merchant-console/secret/${name}`, "utf8");

export function seal(plaintext: string, name: string, ring: Keyring): Sealed {
  const key = ring.keys.get(ring.current);
  if (!key) throw new Error(`secrets key version ${ring.current} is not loaded`);
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(aadFor(name));
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return { ciphertext, iv, tag: cipher.getAuthTag(), keyVersion: ring.current };
}

/** A sealed value as one text column: `version.iv.tag.ciphertext`, base64 parts. */
export function sealToText(plaintext: string, name: string, ring: Keyring): string {
  const s = seal(plaintext, name, ring);
  return [s.keyVersion, s.iv.toString("base64"), s.tag.toString("base64"), s.ciphertext.toString("base64")].join(".");
}

export function openText(text: string, name: string, ring: Keyring): string {
  const [v, iv, tag, c] = text.split(".");
  return open(
    {
      keyVersion: Number(v),
      iv: Buffer.from(iv ?? "", "base64"),
      tag: Buffer.from(tag ?? "", "base64"),
      ciphertext: Buffer.from(c ?? "", "base64"),
    },
    name,
    ring,
  );
}

export class SecretDecryptError extends Error {
  constructor(name: string, reason: string) {
    super(`secret "${name}" cannot be decrypted: ${reason}`);
    this.name = "SecretDecryptError";
  }
}

export function open(sealed: Sealed, name: string, ring: Keyring): string {
  const key = ring.keys.get(sealed.keyVersion);
  if (!key)
    throw new SecretDecryptError(name, `key version ${sealed.keyVersion} is not loaded (SECRETS_KEY_PREVIOUS?)`);
  // The full 16-byte tag only: GCM would accept a shorter prefix, a forgeable check.
  if (sealed.tag.length !== TAG_BYTES)
    throw new SecretDecryptError(name, `the tag is ${sealed.tag.length} bytes, not ${TAG_BYTES}`);
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, sealed.iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(aadFor(name));
    decipher.setAuthTag(sealed.tag);
    return Buffer.concat([decipher.update(sealed.ciphertext), decipher.final()]).toString("utf8");
  } catch {
    throw new SecretDecryptError(name, "authentication failed (tampered, moved, or the wrong key)");
  }
}

/** A 32-byte key from base64, base64url or hex text. */
export function parseKey(text: string, label: string): Buffer {
  const t = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(t)
    ? Buffer.from(t, "hex")
    : Buffer.from(t.replace(/-/g, "+").replace(/_/g, "/"), "base64");
  if (key.length !== 32) throw new Error(`${label} must be 32 bytes (base64 or 64 hex characters)`);
  return key;
}

/** SECRETS_KEY (version SECRETS_KEY_VERSION) and SECRETS_KEY_PREVIOUS "version:key,…" until secrets:rotate. */
export function keyringFromEnv(env: Record<string, string | undefined>): Keyring | null {
  if (!env.SECRETS_KEY) return null;
  const current = Number(env.SECRETS_KEY_VERSION ?? 1);
  if (!Number.isInteger(current) || current < 1) throw new Error("SECRETS_KEY_VERSION must be a positive integer");
  const keys = new Map<number, Buffer>([[current, parseKey(env.SECRETS_KEY, "SECRETS_KEY")]]);
  for (const entry of (env.SECRETS_KEY_PREVIOUS ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [version, key] = entry.split(":");
    if (!version || !key || !/^\d+$/.test(version)) throw new Error("SECRETS_KEY_PREVIOUS entries look like 1:<key>");
    keys.set(Number(version), parseKey(key, `SECRETS_KEY_PREVIOUS version ${version}`));
  }
  return { current, keys };
}

/** The keyring, or a clear error when SECRETS_KEY is missing. */
export function keyringOrThrow(env: Record<string, string | undefined>): Keyring {
  const ring = keyringFromEnv(env);
  if (!ring) throw new Error("SECRETS_KEY is not set (npm start generates one in local mode)");
  return ring;
}
