import "server-only";
import { createHmac, hkdfSync } from "node:crypto";
import { secretsKeyring } from "@/lib/platform/config";

/** JSON with sorted keys, so the same parameters always give the same text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

let fingerprintKey: Buffer | undefined;
/** The one request hash behind an Idempotency-Key: a keyed HMAC, so card data in it cannot be recovered. */
export function fingerprint(action: string, params: unknown): string {
  if (!fingerprintKey) {
    const ring = secretsKeyring();
    fingerprintKey = Buffer.from(
      hkdfSync("sha256", ring.keys.get(ring.current)!, Buffer.alloc(0), "merchant-console/idempotency-fingerprint", 32),
    );
  }
  return createHmac("sha256", fingerprintKey)
    .update(`${action}\n${canonicalJson(params)}`)
    .digest("hex");
}
