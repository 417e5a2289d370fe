import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// Issue 50, item 3: a schema's own problem written in English reached a zh-CN reader in English
// ("Choose alipay, wechatpay or upop", "Add a comment for the requester…"). Every message a zod
// schema gives is a catalog key (keyed()), said in the reader's language by the API and the form
// kit; zod's own problems go through CATALOG_ISSUES. This finds an English sentence given to zod.

const ROOTS = ["lib", "app/api"];
// Answers to machines (the provider's notifications, an identity provider's SCIM client), not to a person.
const MACHINE = /^lib\/(webhooks\/receive\.ts|scim\/)/;
const METHODS =
  "min|max|length|regex|refine|superRefine|email|uuid|url|int|positive|nonnegative|gte|lte|gt|lt|enum|array|string|number|boolean|object|record|addIssue";
// An English sentence, or a template that makes one around a value ("${label} is a number…").
const TEXT = String.raw`"[A-Z][a-z]* [^"\n]{3,}"|"[a-z]\w* (?:must|is|are|has|cannot) [^"\n]+"|\x60[A-Z][a-z]* [^\x60]{3,}\x60|\x60\$\{\w+\} [a-z]+[^\x60]*\x60`;
// A sentence given to zod inside a call (the call may run over several lines), as a message or
// error property, or kept in a constant first.
const GIVEN = new RegExp(
  String.raw`\.(?:${METHODS})\((?:[^()"\x60]|\([^()]*\))*?(?:${TEXT})|\b(?:message|error):\s*(?:${TEXT})|^const [A-Z_]+ = (?:${TEXT});`,
  "gms",
);

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === "generated" ? [] : files(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

describe("zod schemas speak through the catalog", () => {
  it("gives no English sentence to zod as a problem's message", () => {
    const found: string[] = [];
    for (const file of ROOTS.flatMap(files)) {
      if (MACHINE.test(file)) continue;
      const text = readFileSync(file, "utf8");
      if (!/from "zod"/.test(text)) continue;
      for (const m of text.matchAll(GIVEN)) {
        const line = text.slice(0, m.index).split("\n").length;
        found.push(`${file}:${line}: ${m[0].replace(/\s+/g, " ").slice(-90)}`);
      }
    }
    expect(found).toEqual([]);
  });
});
