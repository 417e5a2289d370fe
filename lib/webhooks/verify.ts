import { createHash, timingSafeEqual } from "node:crypto";

// The provider's published notification signature (spec/public-notes.md): the keys named
// in `fields` plus `fields` itself, sorted, as key=value joined by &, with the values
// exactly as received; then &secret=<webhook secret> and SHA-256 hex. Pay-by-link
// notifications use the same string with &token=<API token> and MD5.

export type Values = Record<string, string>;
export type Verdict = "verified" | "verified_previous" | "verified_legacy" | "rejected" | "unverifiable";
export type Keys = { secret?: string | null; previousSecret?: string | null; apiToken?: string | null };

export class MalformedNotification extends Error {}

const MAX_FIELDS = 100;

/**
 * The received values as strings, exactly as sent: form fields as decoded, JSON strings as
 * they are and JSON numbers as their literal in the body (never re-serialised).
 */
export function receivedValues(contentType: string, body: string): Values {
  if (/application\/x-www-form-urlencoded/i.test(contentType)) {
    const params = new URLSearchParams(body);
    const values: Values = {};
    for (const [k, v] of params) values[k] = v;
    return checked(values);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new MalformedNotification("The body is neither JSON nor form-encoded.");
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new MalformedNotification("The body is not a JSON object.");
  const values: Values = {};
  for (const [k, v] of Object.entries(parsed as Record<string, unknown>)) {
    if (typeof v === "string") values[k] = v;
    else if (typeof v === "number") values[k] = numberLiteral(body, k) ?? String(v);
    else if (typeof v === "boolean") values[k] = String(v);
    else if (v === null) values[k] = "";
    else values[k] = JSON.stringify(v);
  }
  return checked(values);
}

function numberLiteral(body: string, key: string): string | null {
  const escaped = JSON.stringify(key).replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`${escaped}\\s*:\\s*(-?\\d+(?:\\.\\d+)?(?:[eE][+-]?\\d+)?)`).exec(body)?.[1] ?? null;
}

function checked(values: Values): Values {
  if (Object.keys(values).length > MAX_FIELDS) throw new MalformedNotification("Too many fields.");
  for (const key of ["id", "transaction_type", "status"]) {
    if (!values[key]) throw new MalformedNotification(`The notification has no ${key}.`);
  }
  return values;
}

export function signatureBase(values: Values, fields: string[]): string {
  const keys = [...new Set([...fields.filter((f) => f && f !== "sign"), "fields"])].sort();
  return keys.map((k) => `${k}=${values[k] ?? ""}`).join("&");
}

const digest = (algorithm: "sha256" | "md5", text: string) => createHash(algorithm).update(text).digest();

/** Constant-time comparison of a hex signature with a digest. */
function same(signHex: string, expected: Buffer): boolean {
  if (!/^[0-9a-fA-F]+$/.test(signHex) || signHex.length !== expected.length * 2) return false;
  return timingSafeEqual(Buffer.from(signHex.toLowerCase(), "hex"), expected);
}

/** Checks `sign` with the current secret, the previous one during a rotation, or the API token (MD5). */
export function verifySignature(values: Values, keys: Keys): Verdict {
  const sign = values.sign ?? "";
  const fields = (values.fields ?? "").split(",").map((f) => f.trim());
  const legacy = sign.length === 32;
  const usable = legacy ? !!keys.apiToken : !!(keys.secret || keys.previousSecret);
  if (!usable) return "unverifiable";
  if (!sign || values.fields === undefined) return "rejected";
  const base = signatureBase(values, fields);
  if (legacy) return same(sign, digest("md5", `${base}&token=${keys.apiToken}`)) ? "verified_legacy" : "rejected";
  if (keys.secret && same(sign, digest("sha256", `${base}&secret=${keys.secret}`))) return "verified";
  if (keys.previousSecret && same(sign, digest("sha256", `${base}&secret=${keys.previousSecret}`))) return "verified_previous";
  return "rejected";
}

/** Identical content gives an identical key: a replay is recognised whatever its order of fields. */
export function dedupKey(values: Values): string {
  const base = Object.keys(values).sort().map((k) => `${k}=${values[k]}`).join("&");
  return createHash("sha256").update(base).digest("hex");
}
