import { describe, expect, it } from "vitest";
import { CATALOGS, NAMESPACES } from "@/lib/platform/i18n/catalog";
import { findLiterals, literalsIn } from "@/lib/platform/i18n/literals";
import { LOCALES } from "@/lib/platform/i18n/locales";

// Issue 21: the catalogs agree, and no page component renders interface text of its own.

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

/** An ICU message's argument names ({count}, {amount, number}, <b>…</b> tags). */
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  for (const m of message.matchAll(/\{\s*([A-Za-z_]\w*)\s*[,}]/g)) names.add(m[1]!);
  for (const m of message.matchAll(/<([A-Za-z]\w*)>/g)) names.add(`<${m[1]}>`);
  return [...names].sort();
}

describe("message catalogs", () => {
  const [reference, ...others] = LOCALES;
  const base = leaves(CATALOGS[reference] as unknown as Tree);

  for (const locale of others) {
    it(`${locale} has exactly the keys of ${reference}, with the same arguments`, () => {
      const other = leaves(CATALOGS[locale] as unknown as Tree);
      expect(
        [...other.keys()].filter((k) => !base.has(k)),
        `keys only in ${locale}`,
      ).toEqual([]);
      expect(
        [...base.keys()].filter((k) => !other.has(k)),
        `keys missing in ${locale}`,
      ).toEqual([]);
      const differing = [...base].filter(([k, v]) => argumentsOf(v).join() !== argumentsOf(other.get(k) ?? "").join());
      expect(
        differing.map(([k]) => k),
        "messages whose arguments differ",
      ).toEqual([]);
    });
  }

  it("has no empty message and every namespace in every language", () => {
    for (const locale of LOCALES) {
      expect(Object.keys(CATALOGS[locale]).sort()).toEqual([...NAMESPACES].sort());
      const empty = [...leaves(CATALOGS[locale] as unknown as Tree)].filter(([, v]) => !v.trim());
      expect(empty.map(([k]) => `${locale}:${k}`)).toEqual([]);
    }
  });

  it("a key missing in one catalog fails the check", () => {
    const broken = leaves({ a: { b: "x", c: "y" } });
    const other = leaves({ a: { b: "x" } });
    expect([...broken.keys()].filter((k) => !other.has(k))).toEqual(["a.c"]);
  });
});

describe("interface text lives in the catalogs", () => {
  it("no page component renders a literal user-facing string", () => {
    const found = findLiterals(process.cwd()).map((l) => `${l.file}:${l.line} ${JSON.stringify(l.text)}`);
    expect(found).toEqual([]);
  });

  it("finds JSX text, worded attributes, column headers and zod messages; leaves class lists, keys and URLs", () => {
    const source = `
      import { z } from "zod";
      const schema = z.string().min(1, "Enter a reference");
      const columns = [{ id: "reference", header: "Reference" }];
      export function Page() {
        return (
          <div className="flex items-center gap-2" data-testid="the page">
            <h1>Transactions</h1>
            <input placeholder="e.g. ord-123" name="reference" />
            <a href="/transactions?status=failed">{t("transactions.title")}</a>
            {status === "Succeeded" ? <span>·</span> : null}
          </div>
        );
      }`;
    expect(literalsIn("page.tsx", source).map((l) => l.text)).toEqual([
      "Enter a reference",
      "Reference",
      "Transactions",
      "e.g. ord-123",
    ]);
  });
});
