import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { describe, expect, it } from "vitest";

// lib/ in tiers (docs/adr/0015-lib-in-two-storeys.md): the platform knows no domain; each domain
// imports its own tier and those below it, never one above; the domains' imports run one way (no
// circle) and stand at most six floors high, the platform the ground (what \`farm-studio look lib\`
// draws). Nothing in lib/ imports the app, the server or the sandbox; tests and their harnesses
// (test/) may.

/** The tiers, from the ground up: a domain may import its own tier and those before it. */
const TIERS: Record<string, string[]> = {
  /** Knows no domain: the database, sessions, settings, secrets, money, i18n, the API kit. */
  platform: ["platform"],
  /** The outside: the payment service, customs, and mail and chat (the notifications' outbox). */
  clients: ["upi", "customs", "notifications"],
  /** What the console keeps and asks for, each in its own room. */
  records: [
    "ledger",
    "operations",
    "charges",
    "vault",
    "payment-links",
    "declarations",
    "chargebacks",
    "users",
    "roles",
    "sso",
    "sign-in",
    "settings",
    "customers",
    "saved-views",
    "overview",
    "reference.ts",
    "nav.ts",
  ],
  /** What runs over many records: batches, reconciliation, reports, notifications heard, approvals. */
  workflows: ["refund-batches", "reconciliation", "reports", "webhooks", "pending-changes"],
  /** What the clock and the outside call into: the jobs, the search bar, provisioning. */
  entries: ["jobs", "search", "scim"],
};
const FLOORS = 6;
const tierOf = (storey: string) => Object.values(TIERS).findIndex((names) => names.includes(storey));

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

/** The files of this tree a source imports, as paths from the root (packages left out); `erased`: not its `import type`s. */
function importsOf(file: string, erased = false): string[] {
  const found: string[] = [];
  for (const m of readFileSync(file, "utf8").matchAll(SPECIFIER)) {
    if (erased && /^\s*(import|export)\s+type\s/.test(m[0])) continue;
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

describe("lib/ in tiers", () => {
  it("reads its sources' imports", () => {
    expect(sourceFiles.length).toBeGreaterThan(200);
    expect(edges.some((e) => e.from === "lib/platform/log.ts" && e.to === "lib/platform/config/index.ts")).toBe(true);
  });

  it("imports neither the app, the server, the sandbox nor a test helper outside tests", () => {
    const outside = edges.filter((e) => !e.to.startsWith("lib/"));
    expect(outside.map((e) => `${e.from} -> ${e.to}`)).toEqual([]);
  });

  it("places every domain in a tier", () => {
    const present = readdirSync("lib").filter((e) => e !== "generated" && !e.endsWith(".test.ts"));
    const placed = Object.values(TIERS).flat();
    expect(present.filter((e) => !placed.includes(e))).toEqual([]);
    expect(placed.filter((d) => !present.includes(d))).toEqual([]);
  });

  it("keeps the platform free of the domains", () => {
    const up = edges.filter(
      (e) =>
        e.from.startsWith("lib/platform/") && e.to.startsWith("lib/") && !/^lib\/(platform|generated)\//.test(e.to),
    );
    expect(up.filter((e) => !excepted(e)).map((e) => `${e.from} -> ${e.to}`)).toEqual([]);
  });

  it("has each domain import only its own tier and those below it", () => {
    const up = edges.filter((e) => {
      if (!e.from.startsWith("lib/") || !e.to.startsWith("lib/") || e.to.startsWith("lib/generated/")) return false;
      return tierOf(storeyOf(e.to)) > tierOf(storeyOf(e.from));
    });
    expect(up.filter((e) => !excepted(e)).map((e) => `${e.from} -> ${e.to}`)).toEqual([]);
  });

  it(`stands on at most ${FLOORS} floors, the domains' imports in no circle`, () => {
    const below = new Map<string, Set<string>>();
    for (const e of edges) {
      if (!e.to.startsWith("lib/") || e.to.startsWith("lib/generated/")) continue;
      const [from, to] = [storeyOf(e.from), storeyOf(e.to)];
      if (from !== to) below.set(from, (below.get(from) ?? new Set()).add(to));
    }
    const floor = new Map<string, number>();
    const climbing: string[] = [];
    const floorOf = (storey: string): number => {
      const known = floor.get(storey);
      if (known !== undefined) return known;
      if (climbing.includes(storey)) throw new Error(`a circle: ${[...climbing, storey].join(" -> ")}`);
      climbing.push(storey);
      const f = 1 + Math.max(0, ...[...(below.get(storey) ?? [])].map(floorOf));
      climbing.pop();
      floor.set(storey, f);
      return f;
    };
    const tallest = Object.values(TIERS)
      .flat()
      .map((s) => [s, floorOf(s)] as const)
      .sort((a, b) => b[1] - a[1]);
    expect(floorOf("platform")).toBe(1);
    expect(tallest[0]![1], tallest.map(([s, f]) => `${s} ${f}`).join(", ")).toBeLessThanOrEqual(FLOORS);
  });

  it("has each domain reach another only through its faces: index.ts on the server, shared.ts also in the browser", () => {
    const deep = edges.filter((e) => {
      const [from, to] = [storeyOf(e.from), storeyOf(e.to)];
      if (!e.to.startsWith("lib/") || from === to || to === "platform" || to === "generated" || to.endsWith(".ts"))
        return false;
      return e.to !== `lib/${to}/index.ts` && e.to !== `lib/${to}/shared.ts`;
    });
    expect(deep.map((e) => `${e.from} -> ${e.to}`)).toEqual([]);
  });

  it("has no domain read its own faces (a face is for the others: through it a domain would circle on itself)", () => {
    const own = edges.filter((e) => {
      const d = storeyOf(e.from);
      return storeyOf(e.to) === d && (e.to === `lib/${d}/index.ts` || e.to === `lib/${d}/shared.ts`);
    });
    expect(own.map((e) => `${e.from} -> ${e.to}`)).toEqual([]);
  });

  it("keeps every shared.ts face fit for the browser: nothing it loads is server-only, the database or Node's", () => {
    const faces = sourceFiles.filter((f) => /^lib\/[a-z-]+\/shared\.ts$/.test(f));
    expect(faces.length).toBeGreaterThan(2);
    const serverSide = (f: string) =>
      /^\s*import\s+["']server-only["']|from\s+["'](node:[^"']+|pg|pg-boss|nodemailer|next\/headers)["']/m.test(
        readFileSync(f, "utf8"),
      ) || f === "lib/platform/db.ts";
    const loaded = (face: string) => {
      const seen = new Set([face]);
      for (const f of seen) for (const to of importsOf(f, true)) if (to.startsWith("lib/")) seen.add(to);
      return [...seen];
    };
    expect(
      faces.flatMap((face) =>
        loaded(face)
          .filter(serverSide)
          .map((f) => `${face} loads ${f}`),
      ),
    ).toEqual([]);
  });

  it("has no browser module load an index.ts face (its modules are the server's)", () => {
    const browser = [...sources("app"), ...sources("components"), ...sourceFiles].filter((f) =>
      /^\s*["']use client["']/.test(readFileSync(f, "utf8")),
    );
    expect(browser.length).toBeGreaterThan(50);
    const reads = browser.flatMap((from) =>
      importsOf(from, true)
        .filter((to) => /^lib\/[a-z-]+\/index\.ts$/.test(to))
        .map((to) => `${from} -> ${to}`),
    );
    expect(reads).toEqual([]);
  });

  it("keeps each face to re-exports, so a bundle takes only the modules behind it that are used", () => {
    const faces = sourceFiles.filter((f) => /^lib\/[a-z-]+\/(index|shared)\.ts$/.test(f));
    const code = (f: string) =>
      readFileSync(f, "utf8")
        .replace(/^export (type )?\{[^}]*\} from "[^"]+";$/gm, "")
        .trim();
    expect(faces.filter((f) => code(f) !== "")).toEqual([]);
  });

  it("lists only exceptions that are still imports", () => {
    expect(EXCEPTIONS.filter(([from, to]) => !edges.some((e) => e.from === from && e.to === to))).toEqual([]);
  });
});

describe("components/ in the same tiers", () => {
  // The kit (data-table, form, ui, shell…) shows no domain; a domain's own components stand in the
  // folder of its tier (components/records/, components/workflows/) and read that tier and below.
  const tierNamed = (file: string) => Object.keys(TIERS).indexOf(file.split("/")[1]!);
  /** The list kit saves views: its dialog checks a name with the server's schema (loaded on open). */
  const kitReads = ["components/data-table/save-view-dialog.tsx → lib/saved-views/schemas.ts"];
  const reads = sources("components").flatMap((from) =>
    importsOf(from)
      .filter((to) => to.startsWith("lib/"))
      .map((to) => ({ from, to, storey: storeyOf(to) })),
  );

  it("has each component read lib/ only up to the tier its folder names", () => {
    expect(reads.length).toBeGreaterThan(50);
    const above = reads.filter((r) => tierOf(r.storey) > Math.max(0, tierNamed(r.from)));
    expect(above.map((r) => `${r.from} → ${r.to}`)).toEqual(kitReads);
  });

  it("keeps its tier folders to the tiers' names", () => {
    const folders = readdirSync("components").filter((name) => name in TIERS);
    expect(folders.sort()).toEqual(["records", "workflows"]);
  });
});
