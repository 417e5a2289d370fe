import "server-only";
import { db } from "@/lib/platform/db";
import { open, seal, type Keyring } from "@/lib/platform/secrets/crypto";
import { secretsKeyring } from "@/lib/platform/config";
import type { Prisma } from "@/lib/generated/prisma/client";
import { CONFIG_TOPICS, publishConfigChange } from "@/lib/platform/events/config-bus";

export const SECRET_NAMES = {
  privateKey: "upi.private_key",
  customsToken: "customs.token",
  webhookSecret: "webhook.secret",
  webhookSecretPrevious: "webhook.secret.previous",
  accessToken: "upi.access_token",
  ssoClientSecret: "sso.client_secret",
} as const;
export type SecretName = (typeof SECRET_NAMES)[keyof typeof SECRET_NAMES];

const TOPIC: Record<SecretName, string> = {
  [SECRET_NAMES.privateKey]: CONFIG_TOPICS.privateKey,
  [SECRET_NAMES.customsToken]: CONFIG_TOPICS.customsToken,
  [SECRET_NAMES.webhookSecret]: CONFIG_TOPICS.webhookSecret,
  [SECRET_NAMES.webhookSecretPrevious]: CONFIG_TOPICS.webhookSecret,
  [SECRET_NAMES.accessToken]: CONFIG_TOPICS.accessToken,
  [SECRET_NAMES.ssoClientSecret]: CONFIG_TOPICS.ssoClientSecret,
};

let ring: Keyring | undefined;
const keyring = (): Keyring => (ring ??= secretsKeyring());

type Bytes = Uint8Array<ArrayBuffer>;
export type SealedColumns = { ciphertext: Bytes; iv: Bytes; tag: Bytes; keyVersion: number };

/** Seals a value for a row named `name`, in the shape of its columns. */
export function sealColumns(value: string, name: string): SealedColumns {
  const sealed = seal(value, name, keyring());
  return {
    ciphertext: new Uint8Array(sealed.ciphertext),
    iv: new Uint8Array(sealed.iv),
    tag: new Uint8Array(sealed.tag),
    keyVersion: sealed.keyVersion,
  };
}

/** Opens a row's sealed columns; fails when the row was tampered with or moved. */
export function openColumns(row: SealedColumns, name: string): string {
  return open(
    {
      ciphertext: Buffer.from(row.ciphertext),
      iv: Buffer.from(row.iv),
      tag: Buffer.from(row.tag),
      keyVersion: row.keyVersion,
    },
    name,
    keyring(),
  );
}

type Tx = Pick<typeof db, "secret">;
type WriteTx = Pick<typeof db, "secret" | "$executeRawUnsafe">;

async function announced(tx: WriteTx, write: Prisma.PrismaPromise<unknown>, name: SecretName) {
  const announce = publishConfigChange(tx, TOPIC[name]);
  if (tx === db) await db.$transaction([write, announce]);
  else {
    await write;
    await announce;
  }
}

/** The plaintext of a secret, or null when it was never set. Never log or return it. */
export async function readSecret(
  name: SecretName,
  tx: Tx = db,
): Promise<{ value: string; meta: unknown; updatedAt: Date } | null> {
  const row = await tx.secret.findUnique({ where: { name } });
  if (!row) return null;
  return { value: openColumns(row, name), meta: row.meta, updatedAt: row.updatedAt };
}

export async function writeSecret(
  name: SecretName,
  value: string,
  opts: { meta?: Prisma.InputJsonValue; by?: string } = {},
  tx: WriteTx = db,
) {
  const data = {
    ...sealColumns(value, name),
    meta: opts.meta,
    updatedBy: opts.by,
  };
  await announced(tx, tx.secret.upsert({ where: { name }, create: { name, ...data }, update: data }), name);
}

export async function deleteSecret(name: SecretName, tx: WriteTx = db) {
  await announced(tx, tx.secret.deleteMany({ where: { name } }), name);
}

/** What the settings page may show: whether each secret is set, when and by whom. */
export async function secretStatus() {
  const rows = await db.secret.findMany({
    select: { name: true, updatedAt: true, updatedBy: true, keyVersion: true, meta: true },
  });
  return Object.fromEntries(
    rows.map((r) => [
      r.name,
      { updatedAt: r.updatedAt, updatedBy: r.updatedBy, keyVersion: r.keyVersion, meta: r.meta },
    ]),
  );
}
