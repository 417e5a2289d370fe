import { createHash, timingSafeEqual } from "node:crypto";
import { parseApiTime } from "@/lib/upi";

// The provider's published notification signature (spec/public-notes.md).

export type Values = Record<string, string>;
export type Verdict = "verified" | "verified_previous" | "verified_legacy" | "rejected" | "unverifiable";
export type Keys = { secret?: string | null; previousSecret?: string | null; apiToken?: string | null };

export class MalformedNotification extends Error {}

const MAX_FIELDS = 100;

/** The received values as strings, exactly as sent. */
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
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed))
    throw new MalformedNotification("The body is not a JSON object.");
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
  for (const key of ["id", ...(isLegacy(values) ? [] : ["transaction_type"]), "status"]) {
    if (!values[key]) throw new MalformedNotification(`The notification has no ${key}.`);
  }
  return values;
}

/** A pay-by-link notification (spec/public-notes.md). */
export function isLegacy(values: Values): boolean {
  return !values.transaction_type && !!values.vendor && /^[0-9a-fA-F]{32}$/.test(values.sign ?? "");
}

/** The type the console files a notification under: its transaction_type, or "pay_by_link". */
export function notificationType(values: Values): string | null {
  return values.transaction_type || (isLegacy(values) ? "pay_by_link" : null);
}

/** A refund or chargeback names no parent_id (the real service sends none): its charge is found by inquiry. */
export function needsCharge(values: Values): boolean {
  const type = values.transaction_type;
  return (type === "chargeback" || type === "refund") && !values.parent_id;
}

export function signatureBase(values: Values, fields: string[]): string {
  const keys = [...new Set([...fields.filter((f) => f && f !== "sign"), "fields"])].sort();
  return keys.map((k) => `${k}=${values[k] ?? ""}`).join("&");
}

const digest = (algorithm: "sha256" | "md5", text: string) => createHash(algorithm).update(text).digest();

function same(signHex: string, expected: Buffer): boolean {
  if (!/^[0-9a-fA-F]+$/.test(signHex) || signHex.length !== expected.length * 2) return false;
  return timingSafeEqual(Buffer.from(signHex.toLowerCase(), "hex"), expected);
}

/** Current secret, previous one, or API token (MD5); with a secret set, a failure is rejected. */
export function verifySignature(values: Values, keys: Keys): Verdict {
  const sign = values.sign ?? "";
  const legacy = sign.length === 32;
  const sha256Key = !!(keys.secret || keys.previousSecret);
  if (!sha256Key && !(legacy && keys.apiToken)) return "unverifiable";
  if (!sign || values.fields === undefined) return "rejected";
  const base = signatureBase(values, signedNames(values));
  if (legacy)
    return keys.apiToken && same(sign, digest("md5", `${base}&token=${keys.apiToken}`))
      ? "verified_legacy"
      : "rejected";
  if (keys.secret && same(sign, digest("sha256", `${base}&secret=${keys.secret}`))) return "verified";
  if (keys.previousSecret && same(sign, digest("sha256", `${base}&secret=${keys.previousSecret}`)))
    return "verified_previous";
  return "rejected";
}

export const isVerified = (verdict: string) => verdict.startsWith("verified");

/** The names `fields` lists: the only keys the signature covers. */
export function signedNames(values: Values): string[] {
  return (values.fields ?? "")
    .split(",")
    .map((f) => f.trim())
    .filter((f) => f && f !== "sign" && f !== "fields");
}

/** Only what the signature covers. */
export function signedValues(values: Values): Values {
  return Object.fromEntries(signedNames(values).map((k) => [k, values[k] ?? ""]));
}

/** The essentials a notification must have signed to be applied as it says. */
export function unsignedEssentials(values: Values): string[] {
  const signed = new Set(signedNames(values));
  const need = [
    "id",
    ...(isLegacy(values) ? [] : ["transaction_type"]),
    "status",
    "reference",
    ...(values.transaction_type === "vault" ? [] : ["amount"]),
  ];
  if (values.parent_id) need.push("parent_id");
  const missing = need.filter((k) => !signed.has(k));
  if (!["time_completed", "time_created"].some((k) => signed.has(k) && parseApiTime(values[k])))
    missing.push("time_completed");
  return missing;
}

/** Confirmed by inquiry, never applied as said: unverified, MD5-signed or short of essentials (docs/security.md). */
const FINAL_CHARGEBACK = new Set(["Won", "Lost", "Case Closed"]);
export const finalChargebackOutcome = (values: Values) =>
  values.transaction_type === "chargeback" && FINAL_CHARGEBACK.has(values.status ?? "");

export function needsInquiry(verification: string, values: Values): boolean {
  if (finalChargebackOutcome(values)) return true;
  if (verification === "unverifiable" || verification === "verified_legacy") return true;
  return isVerified(verification) && unsignedEssentials(values).length > 0;
}

/** Identical content gives an identical key: a replay is recognised whatever its order of fields. */
export function dedupKey(values: Values, verdict: Verdict): string {
  const base = isVerified(verdict)
    ? `signed\n${signatureBase(values, signedNames(values))}`
    : `${verdict}\n${Object.keys(values)
        .sort()
        .map((k) => `${k}=${values[k]}`)
        .join("&")}`;
  return createHash("sha256").update(base).digest("hex");
}
