import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { describe, expect, it } from "vitest";

// lib/ in two storeys (docs/adr/0015-lib-in-two-storeys.md): lib/platform/ knows no domain;
// the domains above it import the platform and the domains below them, never one above.
// Nothing in lib/ imports the app, the server or the sandbox; tests and their harnesses
// (test/) may.

/** The domains, from the ground up: each may import those before it. */
const DOMAINS = [
  "notifications",
  "upi",
  "customs",
  "reference.ts",
  "nav.ts",
  "roles",
  "users",
  "saved-views",
  "customers",
  "overview",
  "chargebacks",
  "ledger",
  "charges",
  "vault",
  "payment-links",
  "operations",
  "webhooks",
  "declarations",
  "settings",
  "sso",
  "sign-in",
  "pending-changes",
  "scim",
  "reports",
  "search",
  "refund-batches",
  "reconciliation",
  "jobs",
];

/** Imports allowed against the storeys, each with its reason: keep this list short. */
const EXCEPTIONS: [from: string, to: string][] = [];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "generated" ? [] : sources(path);
    return /\.(ts|tsx|mts)$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith(".d.mts") ? [path] : [];
  });
}

const SPECIFIER =
  /^\s*(?:import|export)\s[^;]*?\bfrom\s*["']([^"']+)["']|^\s*import\s*["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/gm;

/** The files of this tree a source imports, as paths from the root (packages left out). */
function importsOf(file: string): string[] {
  const found: string[] = [];
  for (const m of readFileSync(file, "utf8").matchAll(SPECIFIER)) {
    const spec = (m[1] ?? m[2] ?? m[3])!;
    const base = spec.startsWith("@/")
      ? spec.slice(2)
      : spec.startsWith(".")
        ? normalize(join(dirname(file), spec))
        : null;
    if (base === null) continue;
    const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`];
    found.push(candidates.find((c) => existsSync(c) && statSync(c).isFile()) ?? base);
  }
  return found;
}

/** "platform", a domain's name (its folder, or its file directly in lib/), or what lies outside lib/. */
function storeyOf(path: string): string {
  const [top, second] = path.split("/");
  return (top === "lib" ? second : top)!;
}

const sourceFiles = sources("lib");
const edges = sourceFiles.flatMap((from) => importsOf(from).map((to) => ({ from, to })));
const excepted = (e: { from: string; to: string }) => EXCEPTIONS.some(([f, t]) => f === e.from && t === e.to);

describe("lib/ in two storeys", () => {
  it("reads its sources' imports", () => {
    expect(sourceFiles.length).toBeGreaterThan(200);
    expect(edges.some((e) => e.from === "lib/platform/log.ts" && e.to === "lib/platform/config/index.ts")).toBe(true);
  });

  it("imports neither the app, the server, the sandbox nor a test helper outside tests", () => {
    const outside = edges.filter((e) => !e.to.startsWith("lib/"));
    expect(outside.map((e) => `${e.from} -> ${e.to}`)).toEqual([]);
  });

  it("places every domain on the list", () => {
    const present = readdirSync("lib").filter((e) => e !== "platform" && e !== "generated" && !e.endsWith(".test.ts"));
    expect(present.filter((e) => !DOMAINS.includes(e))).toEqual([]);
    expect(DOMAINS.filter((d) => !present.includes(d))).toEqual([]);
  });

  it("keeps the platform free of the domains", () => {
    const up = edges.filter(
      (e) =>
        e.from.startsWith("lib/platform/") && e.to.startsWith("lib/") && !/^lib\/(platform|generated)\//.test(e.to),
    );
    expect(up.filter((e) => !excepted(e)).map((e) => `${e.from} -> ${e.to}`)).toEqual([]);
  });

  it("has each domain import only the domains below it", () => {
    const rank = (path: string) => DOMAINS.indexOf(storeyOf(path));
    const up = edges.filter((e) => {
      if (!e.from.startsWith("lib/") || e.from.startsWith("lib/platform/")) return false;
      if (!e.to.startsWith("lib/") || /^lib\/(platform|generated)\//.test(e.to)) return false;
      return rank(e.to) > rank(e.from);
    });
    expect(up.filter((e) => !excepted(e)).map((e) => `${e.from} -> ${e.to}`)).toEqual([]);
  });

  it("lists only exceptions that are still imports", () => {
    expect(EXCEPTIONS.filter(([from, to]) => !edges.some((e) => e.from === from && e.to === to))).toEqual([]);
  });
});
