import { z } from "zod";
import { parseKey } from "../secrets/crypto";

const quoted = (raw: string) => JSON.stringify(raw);
const listed = (values: readonly string[]) => `${values.slice(0, -1).join(", ")} or ${values.at(-1)}`;

/** One variable: unset (or empty, unless `empty`) is undefined; otherwise `parse` gives it or throws. */
export function variable<T>(parse: (raw: string) => T, { empty = false } = {}) {
  return z
    .string()
    .optional()
    .transform((raw, ctx): T | undefined => {
      if (raw === undefined || (raw === "" && !empty)) return undefined;
      try {
        return parse(raw);
      } catch (e) {
        ctx.addIssue({ code: "custom", message: e instanceof Error ? e.message : String(e) });
        return z.NEVER;
      }
    });
}

export const numberThat = (what: string, ok: (n: number) => boolean) => (raw: string) => {
  const n = Number(raw);
  if (raw.trim() === "" || !ok(n)) throw new Error(`${quoted(raw)} is not ${what}`);
  return n;
};
export const positive = (unit: string) =>
  numberThat(`a positive number of ${unit}`, (n) => Number.isFinite(n) && n > 0);
export const positiveInteger = (unit: string) =>
  numberThat(`a positive whole number of ${unit}`, (n) => Number.isInteger(n) && n > 0);
export const wholeNumber = (unit: string) =>
  numberThat(`a whole number of ${unit}, 0 or more`, (n) => Number.isInteger(n) && n >= 0);
export const oneOf =
  <T extends string>(...values: T[]) =>
  (raw: string) => {
    if (!(values as string[]).includes(raw)) throw new Error(`${quoted(raw)} is not ${listed(values)}`);
    return raw as T;
  };
export const text = (raw: string) => raw;

export function httpUrl(raw: string): string {
  let protocol = "";
  try {
    protocol = new URL(raw).protocol;
  } catch {
    /* reported below */
  }
  if (protocol !== "http:" && protocol !== "https:") throw new Error(`${quoted(raw)} is not an http(s) URL`);
  return raw;
}

export function postgresUrl(raw: string): string {
  let protocol = "";
  try {
    protocol = new URL(raw).protocol;
  } catch {
    /* reported below */
  }
  if (protocol !== "postgres:" && protocol !== "postgresql:")
    throw new Error("not a postgres:// or postgresql:// URL (the value is not shown: it may hold a password)");
  return raw;
}

export function smtpUrl(raw: string): string {
  let protocol = "";
  try {
    protocol = new URL(raw).protocol;
  } catch {
    /* reported below */
  }
  if (protocol !== "smtp:" && protocol !== "smtps:")
    throw new Error("not an smtp:// or smtps:// URL (the value is not shown: it may hold a password)");
  return raw;
}

/** An address a mail is from: "name@host" or "Name <name@host>". */
export function mailFrom(raw: string): string {
  if (!/^([^<>]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/.test(raw.trim()))
    throw new Error(`${quoted(raw)} is not an e-mail address (name@host or Name <name@host>)`);
  return raw.trim();
}

/** "USD:50000,EUR:50000" → { USD: 50000, EUR: 50000 }; empty → {} (every refund waits). */
export function thresholds(raw: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const pair of raw
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [currency = "", amount = "", ...rest] = pair.split(":");
    if (!/^[A-Z]{3}$/.test(currency) || !/^\d+$/.test(amount) || rest.length) {
      throw new Error(`${quoted(pair)} is not CURRENCY:amount in minor units (e.g. USD:50000)`);
    }
    out[currency] = Number(amount);
  }
  return out;
}

export function path(raw: string): string {
  if (!/^\/[\w\-/]*$/.test(raw)) throw new Error(`${quoted(raw)} is not a path such as /chinacustoms/inquire`);
  return raw;
}

// A key itself is never quoted; `parseKey` says what is wrong with it without it.
export function secretsKey(raw: string): string {
  parseKey(raw, "the key");
  return raw;
}

export function previousKeys(raw: string): string {
  raw
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .forEach((entry, i) => {
      const [version, key] = entry.split(":");
      if (!version || !key || !/^\d+$/.test(version)) throw new Error(`entry ${i + 1} is not version:key (1:<key>)`);
      parseKey(key, `the key of version ${version}`);
    });
  return raw;
}

export function demoAccounts(raw: string): Record<string, string> {
  const pairs = raw.split(",").map((pair) => pair.trim().split("="));
  if (!pairs.every((p) => p.length === 2 && /^[^\s@]+@[^\s@]+$/.test(p[0]!) && /^[a-z_]+$/.test(p[1]!)))
    throw new Error(`${quoted(raw)} is not a list of email=role`);
  return Object.fromEntries(pairs.map(([email, role]) => [email!.toLowerCase(), role!]));
}
