import compile from "icu-minify/compile";
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { _createCache, _createIntlFormatters } from "use-intl/core";
import parseAndFormat from "use-intl/format-message";
import formatPrecompiled from "use-intl/format-message/format-only";
import { SOURCE_CATALOGS } from "@/lib/platform/i18n/catalog";
import { LOCALES } from "@/lib/platform/i18n/locales";

// Next's bundles format every message precompiled (next.config.mjs, ADR 0019); tests, scripts
// and the server's own bundle parse the ICU text. Every message of both languages must read the
// same either way, with every kind of argument it takes filled in (each select's every option,
// plurals at 0, 1 and 5, numbers, dates, rich-text tags).

type Tree = { [key: string]: string | Tree };
type Node = string | number | Node[] | { [key: string]: Node };

function* messages(tree: Tree, path = ""): Generator<[string, string]> {
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === "string") yield [`${path}${key}`, value];
    else yield* messages(value, `${path}${key}.`);
  }
}

/** The arguments of a compiled message, by kind (icu-minify's node shapes). */
function argumentsOf(node: Node, found = new Map<string, { kind: string; options: string[] }>()) {
  if (!Array.isArray(node)) {
    if (node && typeof node === "object") for (const child of Object.values(node)) argumentsOf(child, found);
    return found;
  }
  const [head, type, third] = node;
  if (typeof head === "string" && node.length === 1) found.set(head, found.get(head) ?? { kind: "text", options: [] });
  else if (typeof head === "string" && typeof type === "number") {
    const kind = ["pound", "select", "plural", "ordinal", "number", "date", "time"][type]!;
    const options = third && typeof third === "object" && !Array.isArray(third) ? Object.keys(third) : [];
    found.set(head, { kind, options });
    if (third && typeof third === "object") argumentsOf(third, found);
  } else if (typeof head === "string" && node.length > 1 && typeof type !== "number") {
    found.set(head, { kind: "tag", options: [] });
    for (const child of node.slice(1)) argumentsOf(child, found);
  } else for (const child of node) argumentsOf(child, found);
  return found;
}

/** Every combination worth reading: each select option and plural count in turn. */
function valueSets(args: Map<string, { kind: string; options: string[] }>) {
  const base: Record<string, unknown> = {};
  const variants: [string, unknown[]][] = [];
  for (const [name, { kind, options }] of args) {
    if (kind === "tag") base[name] = (chunks: unknown[]) => `<${name}>${chunks.join("")}</${name}>`;
    else if (kind === "select") variants.push([name, options.filter((o) => o !== "other").concat("something-else")]);
    else if (kind === "plural" || kind === "ordinal") variants.push([name, [0, 1, 5]]);
    else if (kind === "number") base[name] = 12345.5;
    else if (kind === "date" || kind === "time") base[name] = new Date(Date.UTC(2026, 10, 27, 9, 30));
    else base[name] = `«${name}»`;
  }
  const sets = [base];
  for (const [name, values] of variants) {
    const next = [];
    for (const set of sets) for (const v of values) next.push({ ...set, [name]: v });
    sets.splice(0, sets.length, ...next.slice(0, 64));
  }
  return sets;
}

const text = (out: unknown) => (Array.isArray(out) ? out.join("") : String(out));

describe("precompiled messages read as the ICU text does", () => {
  for (const locale of LOCALES) {
    it(`every message of ${locale}`, () => {
      const cache = _createCache();
      const options = { cache, formatters: _createIntlFormatters(cache), locale, timeZone: "Asia/Shanghai" };
      let compared = 0;
      for (const [key, source] of messages(SOURCE_CATALOGS[locale] as unknown as Tree)) {
        const compiled = JSON.parse(JSON.stringify(compile(source)));
        for (const values of valueSets(argumentsOf(compiled as Node))) {
          const parsed = parseAndFormat(key, source, values as never, options as never);
          const precompiled = formatPrecompiled(key, compiled, values as never, options as never);
          expect(text(precompiled), `${locale} ${key} ${JSON.stringify(values)}`).toBe(text(parsed));
          compared++;
        }
      }
      expect(compared).toBeGreaterThan(1500);
    });
  }
});

// rules.ts once built an English translator over customs.json as written: in Next's server it
// formatted "{sub}: wechatpay split orders need…" with its braces, in every API refusal.
describe("a catalog is formatted only as catalog.ts prepares it", () => {
  it("no module formats a messages file it imported as written", () => {
    const offenders = ["app", "components", "lib"]
      .flatMap((dir) => readdirSync(dir, { recursive: true, encoding: "utf8" }).map((f) => `${dir}/${f}`))
      .filter((f) => /\.tsx?$/.test(f) && !f.startsWith("lib/platform/i18n/"))
      .filter((f) => {
        const source = readFileSync(f, "utf8");
        return (
          /^import \w+ from "@\/lib\/platform\/i18n\/messages\//m.test(source) && /createTranslator\(/.test(source)
        );
      });
    expect(offenders).toEqual([]);
  });
});
