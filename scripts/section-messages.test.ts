import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, normalize, sep } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { CATALOGS } from "@/lib/platform/i18n/catalog";
import { FRAME_NAMESPACES } from "@/lib/platform/i18n/namespaces";

// The browser gets only the parts of the catalog its components read (ADR 0024): the frame's
// namespaces from the root layout, and each section's from its layout (<SectionMessages>). A
// component that reads a namespace its page was not given shows the key instead of the words,
// so this test walks every route file's imports the way the bundler does and holds each to
// what is given above it:
// - a module marked "use client", and everything it imports, runs in the browser;
// - there, useTranslations("ns…") reads "ns";
// - a bare useTranslations() translates messages that arrive as keys (keyed.ts): a form's issues
//   from its schemas, a list's refused filters, a preview's problems. Those keys are the string
//   literals, in the route's whole graph (server side too: a list's issues and a preview's
//   problems are made there), that name a message of the catalog.

/** An import: the file and the names it takes (null: the whole module — a namespace, a side effect, a lazy import). */
type Import = { file: string; names: string[] | null };
type Source = {
  client: boolean;
  imports: Import[];
  namespaces: Set<string>;
  bare: boolean;
  keys: Set<string>;
  /** A face (lib/<domain>/index.ts, shared.ts): only re-exports, each name's file. */
  face: Map<string, string> | null;
};

const CATALOG = CATALOGS.en as unknown as Record<string, unknown>;
const NAMESPACES = new Set(Object.keys(CATALOG));

/** Whether a dotted path names a message (or a group of them) in the English catalog. */
function inCatalog(path: string): boolean {
  let node: unknown = CATALOG;
  for (const part of path.split(".")) {
    if (!node || typeof node !== "object" || !(part in node)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return true;
}

function resolveImport(from: string, spec: string): string | null {
  const base = spec.startsWith("@/")
    ? spec.slice(2)
    : spec.startsWith(".")
      ? normalize(join(dirname(from), spec))
      : null;
  if (base === null) return null;
  const found = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find(
    (c) => existsSync(c) && statSync(c).isFile(),
  );
  return found && /\.tsx?$/.test(found) && !found.startsWith(`lib${sep}generated`) ? found : null;
}

const sources = new Map<string, Source>();
function source(file: string): Source {
  const known = sources.get(file);
  if (known) return known;
  const tree = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const found: Source = {
    client: tree.statements.some(
      (s) => ts.isExpressionStatement(s) && ts.isStringLiteral(s.expression) && s.expression.text === "use client",
    ),
    imports: [],
    namespaces: new Set(),
    bare: false,
    keys: new Set(),
    face: null,
  };
  const specs: { spec: string; names: string[] | null }[] = [];
  const isFace = tree.statements.every(
    (s) => ts.isExportDeclaration(s) && s.moduleSpecifier && s.exportClause && ts.isNamedExports(s.exportClause),
  );
  const reexports = new Map<string, string>();
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      if (
        !ts.isStringLiteral(node.moduleSpecifier) ||
        (ts.isImportDeclaration(node) ? node.importClause?.isTypeOnly : node.isTypeOnly)
      )
        return;
      const spec = node.moduleSpecifier.text;
      const named = ts.isImportDeclaration(node) ? node.importClause?.namedBindings : node.exportClause;
      const names =
        named &&
        (ts.isNamedImports(named) || ts.isNamedExports(named)) &&
        !(ts.isImportDeclaration(node) && node.importClause?.name)
          ? named.elements.filter((e) => !e.isTypeOnly).map((e) => (e.propertyName ?? e.name).text)
          : null;
      if (isFace && ts.isExportDeclaration(node) && names)
        for (const e of (named as ts.NamedExports).elements) reexports.set(e.name.text, spec);
      specs.push({ spec, names });
    } else if (ts.isCallExpression(node)) {
      const [arg] = node.arguments;
      if (node.expression.kind === ts.SyntaxKind.ImportKeyword && arg && ts.isStringLiteral(arg))
        specs.push({ spec: arg.text, names: null });
      if (ts.isIdentifier(node.expression) && node.expression.text === "useTranslations") {
        if (!arg) found.bare = true;
        else if (ts.isStringLiteral(arg)) found.namespaces.add(arg.text.split(".")[0]!);
        else throw new Error(`${file}: useTranslations with a namespace the test cannot read`);
      }
    } else if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      const key = node.text.split("|")[0]!;
      const [ns] = key.split(".");
      if (key.includes(".") && NAMESPACES.has(ns!) && inCatalog(key)) found.keys.add(ns!);
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  found.imports = specs.flatMap(({ spec, names }) => {
    const to = resolveImport(file, spec);
    return to ? [{ file: to, names }] : [];
  });
  if (isFace && reexports.size)
    found.face = new Map(
      [...reexports].flatMap(([name, spec]) => {
        const to = resolveImport(file, spec);
        return to ? [[name, to] as const] : [];
      }),
    );
  sources.set(file, found);
  return found;
}

/** What a route file's components read in the browser. */
function needs(file: string): Set<string> {
  const needed = new Set<string>();
  const keys = new Set<string>();
  let bare = false;
  const seen = new Set<string>();
  const stack: [string, boolean][] = [[file, false]];
  while (stack.length) {
    const [at, inBrowser] = stack.pop()!;
    const mark = `${at}|${inBrowser}`;
    if (seen.has(mark)) continue;
    seen.add(mark);
    const s = source(at);
    const browser = inBrowser || s.client;
    for (const k of s.keys) keys.add(k);
    if (browser) {
      for (const ns of s.namespaces) needed.add(ns);
      bare ||= s.bare;
    }
    for (const { file: next, names } of s.imports) {
      // Through a face, only the modules behind the names taken (as the bundler does).
      const face = source(next).face;
      if (face && names) for (const name of names) stack.push([face.get(name) ?? next, browser]);
      else stack.push([next, browser]);
    }
  }
  if (bare) for (const k of keys) needed.add(k);
  return needed;
}

const ROUTE_FILE = /^(page|layout|loading|error|not-found|forbidden|template|default)\.tsx$/;
function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "api" && dir === "app" ? [] : routeFiles(path);
    return ROUTE_FILE.test(name) ? [path] : [];
  });
}

/** The namespaces a section's layout gives: <SectionMessages namespaces={[...]}> or sectionLayout(permission, [...]). */
function given(layout: string): string[] | null {
  const tree = ts.createSourceFile(layout, readFileSync(layout, "utf8"), ts.ScriptTarget.Latest, true);
  let out: string[] | null = null;
  const read = (value: ts.Expression | undefined) => {
    if (!value || !ts.isArrayLiteralExpression(value) || !value.elements.every(ts.isStringLiteral))
      throw new Error(`${layout}: SectionMessages takes its namespaces as a list of strings`);
    out = value.elements.map((e) => (e as ts.StringLiteral).text);
  };
  const visit = (node: ts.Node) => {
    if (
      (ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) &&
      node.tagName.getText() === "SectionMessages"
    ) {
      const attr = node.attributes.properties.find(
        (p): p is ts.JsxAttribute => ts.isJsxAttribute(p) && p.name.getText() === "namespaces",
      );
      read(attr?.initializer && ts.isJsxExpression(attr.initializer) ? attr.initializer.expression : undefined);
    } else if (ts.isCallExpression(node) && node.expression.getText() === "sectionLayout") read(node.arguments[1]);
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return out;
}

/** The section layouts above a route file, nearest first (its own, for a layout, aside). */
function sectionsAbove(file: string): string[] {
  const out: string[] = [];
  let dir = dirname(file);
  while (dir.startsWith("app")) {
    const layout = join(dir, "layout.tsx");
    if (layout !== file && existsSync(layout) && given(layout) !== null) out.push(layout);
    dir = dirname(dir);
  }
  return out;
}

/** What a route file is given: its section's namespaces (a nested provider replaces the frame's), else the frame's. */
function available(file: string): Set<string> {
  const [section] = sectionsAbove(file);
  return new Set(section ? given(section)! : FRAME_NAMESPACES);
}

const files = routeFiles("app");
const sections = files.filter((f) => f.endsWith(`${sep}layout.tsx`) && given(f) !== null);

/**
 * The bytes of the catalog a page carries, in its longest language (JSON): the frame's, and its
 * section's beside them.
 */
const bytesGiven = (file: string) =>
  Math.max(
    ...Object.values(CATALOGS).map((catalog) => {
      const bytes = (namespaces: Iterable<string>) =>
        Buffer.byteLength(
          JSON.stringify(Object.fromEntries([...namespaces].map((ns) => [ns, catalog[ns as keyof typeof catalog]]))),
        );
      return bytes(FRAME_NAMESPACES) + (sectionsAbove(file).length ? bytes(available(file)) : 0);
    }),
  );

/** At most this much of the catalog on any page: the largest's with room to grow (the whole is ~130 KB). */
const BUDGET_BYTES = 64 * 1024;

describe("each page gets the parts of the catalog its components read in the browser", () => {
  it("reads the route files, the sections and what their components read", () => {
    expect(files.length).toBeGreaterThan(60);
    expect(sections.length).toBeGreaterThan(15);
    // A bare translator's keys (a form's issues) count: the password form's schema says "account.password.differ".
    expect([...needs(join("app", "(console)", "account", "password", "page.tsx"))].sort()).toEqual([
      "account",
      "validation",
    ]);
    expect([...needs(join("app", "(console)", "layout.tsx"))].sort()).toEqual(["common", "shell"]);
  });

  it("nests no section in another (the inner provider would drop the outer's namespaces)", () => {
    expect(files.filter((f) => sectionsAbove(f).length > 1)).toEqual([]);
  });

  it("gives every route file every namespace its components read", () => {
    const missing = files.flatMap((f) => {
      const have = available(f);
      const lack = [...needs(f)].filter((ns) => !have.has(ns));
      return lack.length ? [`${f}: ${lack.join(", ")}`] : [];
    });
    expect(missing).toEqual([]);
  });

  it("gives no namespace that nothing below reads", () => {
    const below = (layout: string) => files.filter((f) => f !== layout && f.startsWith(dirname(layout) + sep));
    const unread = sections.flatMap((layout) => {
      const read = new Set(below(layout).flatMap((f) => [...needs(f)]));
      return given(layout)!
        .filter((ns) => !read.has(ns))
        .map((ns) => `${layout}: ${ns}`);
    });
    const readAnywhere = new Set(files.flatMap((f) => [...needs(f)]));
    expect([...unread, ...FRAME_NAMESPACES.filter((ns) => !readAnywhere.has(ns))]).toEqual([]);
  });

  it(`sends no page more than ${BUDGET_BYTES / 1024} KiB of the catalog`, () => {
    const over = files.filter((f) => f.endsWith("page.tsx") && bytesGiven(f) > BUDGET_BYTES);
    expect(over.map((f) => `${f}: ${bytesGiven(f)} bytes`)).toEqual([]);
  });
});
