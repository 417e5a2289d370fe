import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { describe, expect, it } from "vitest";

// CONTRIBUTING's *Layout* block is the map a newcomer reads first: every folder of lib/ and of
// the root, and every module file directly under lib/, is on it, and nothing on it is gone.

const contributing = readFileSync("CONTRIBUTING.md", "utf8");
const layout = /## Layout\s+```\n([\s\S]*?)```/.exec(contributing)?.[1] ?? "";
const named = new Set(layout.match(/[\w.()\-[\]]+(?:\/[\w.()\-[\]…]*)*/g) ?? []);
const mentions = (path: string) => [...named].some((n) => n === path || n === `${path}/` || n.startsWith(`${path}/`));

const IGNORED_ROOT = new Set(["node_modules", "dist", "test-results", "playwright-report", "lib", "app"]);

describe("CONTRIBUTING Layout", () => {
  it("exists", () => expect(layout.length).toBeGreaterThan(100));

  it("names every folder under lib/ and every module directly in it", () => {
    const entries = readdirSync("lib").filter((e) => e !== "generated" && !e.endsWith(".test.ts"));
    const missing = entries.filter((e) => !mentions(`lib/${e}`));
    expect(missing).toEqual([]);
  });

  it("names every folder at the root", () => {
    const folders = readdirSync(".").filter(
      (e) => !e.startsWith(".") && !IGNORED_ROOT.has(e) && statSync(e).isDirectory(),
    );
    expect(folders.filter((f) => !mentions(f))).toEqual([]);
  });

  it("names nothing that is not in the tree", () => {
    const paths = [...named].filter(
      (n) => /^(lib|app|server|scripts|sandbox|prisma|e2e|components|test|types|docs)\//.test(n) && !/[…*]/.test(n),
    );
    expect(paths.filter((p) => !existsSync(p.replace(/\/$/, "")))).toEqual([]);
  });
});
