import { createHash, timingSafeEqual } from "node:crypto";
import { parseApiTime } from "@/lib/upi/time";

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

/**
 * A pay-by-link notification (spec/public-notes.md): the older scheme names no
 * transaction_type, carries `vendor` and an MD5 `sign` (32 hex). Recognised by that shape
 * alone; its signature is still checked with the API token like any other.
 */
export function isLegacy(values: Values): boolean {
  return !values.transaction_type && !!values.vendor && /^[0-9a-fA-F]{32}$/.test(values.sign ?? "");
}

/** The type the console files a notification under: its transaction_type, or "pay_by_link". */
export function notificationType(values: Values): string | null {
  return values.transaction_type || (isLegacy(values) ? "pay_by_link" : null);
}

/**
 * Refunds and chargebacks are tied to their charge by `parent_id`, which the real service
 * does not send: without it the console finds the charge itself (a chargeback's reference
 * is its charge's reference; a refund's is its own, known from the console's operation)
 * and confirms the tie by inquiry of that charge before applying anything.
 */
export function needsCharge(values: Values): boolean {
  const type = values.transaction_type;
  return (type === "chargeback" || type === "refund") && !values.parent_id;
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

/**
 * Checks `sign` with the current secret, the previous one during a rotation, or the API
 * token (MD5, pay-by-link). With a webhook secret configured, whatever it cannot verify is
 * rejected: a 32-hex `sign` counts only when the API token is stored and verifies it — it
 * never turns a notification into "unverifiable" (which would be confirmed by inquiry).
 * "unverifiable" is left for a console with no key that could check this signature at all.
 */
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

/**
 * Only what the signature covers: each key `fields` lists, with the value that was signed
 * (a listed key that is absent was signed as ""). Anything else in the body is ignored.
 */
export function signedValues(values: Values): Values {
  return Object.fromEntries(signedNames(values).map((k) => [k, values[k] ?? ""]));
}

/**
 * The essentials a notification must have signed to be applied as it says: id, type,
 * status, reference, amount (vault tokens have none), the parent it names, and a time that
 * places it in the replay window. Returns what is missing; anything missing means the
 * notification is confirmed by inquiry instead. The payment service lists every field it
 * sends in `fields`, so its own notifications are never short.
 */
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

/**
 * Whether a stored notification must be confirmed by inquiry (applied with the inquiry's
 * values, never its own) rather than applied as it says: one nothing could verify; one signed
 * with the MD5 scheme, whose key is the customs token that also goes as a bearer token to the
 * customs host (whoever holds it could sign a refund `fail` or a chargeback), so it is never
 * trusted to move state; and one whose signature leaves an essential out.
 */
/**
 * A chargeback's final outcome is applied as the inquiry of its charge lists it, never as a
 * notification says it, however well signed (issue 48, item 3: the last admin set a webhook
 * secret, signed "Won" himself, and an open chargeback closed as won).
 */
const FINAL_CHARGEBACK = new Set(["Won", "Lost", "Case Closed"]);
export const finalChargebackOutcome = (values: Values) =>
  values.transaction_type === "chargeback" && FINAL_CHARGEBACK.has(values.status ?? "");

export function needsInquiry(verification: string, values: Values): boolean {
  if (finalChargebackOutcome(values)) return true;
  if (verification === "unverifiable" || verification === "verified_legacy") return true;
  return isVerified(verification) && unsignedEssentials(values).length > 0;
}

/**
 * Identical content gives an identical key: a replay is recognised whatever its order of
 * fields. For a verified notification the key is the signed content alone, so a key added
 * to a captured notification (unsigned, ignored) does not make it new. The others keep all
 * they sent, `sign` included, and the verdict: a forged copy stored first must never make
 * the genuine notification look like its replay.
 */
export function dedupKey(values: Values, verdict: Verdict): string {
  const base = isVerified(verdict)
    ? `signed\n${signatureBase(values, signedNames(values))}`
    : `${verdict}\n${Object.keys(values)
        .sort()
        .map((k) => `${k}=${values[k]}`)
        .join("&")}`;
  return createHash("sha256").update(base).digest("hex");
}
