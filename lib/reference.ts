import { randomBytes } from "node:crypto";

/** A reference the console makes up for what it sends (a charge, a link, a capture…): prefix, date, random. */
export function newReference(prefix = "mc") {
  return `${prefix}-${new Date().toISOString().slice(0, 10).replace(/-/g, "")}-${randomBytes(5).toString("hex")}`;
}
