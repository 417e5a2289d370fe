import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

/** A random secret generated once and kept in a file readable only by this user. */
export function localSecret(file: string, bytes = 32): string {
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dirname(file), { recursive: true });
  const value = randomBytes(bytes).toString("base64url");
  writeFileSync(file, `${value}\n`, { mode: 0o600 });
  return value;
}
