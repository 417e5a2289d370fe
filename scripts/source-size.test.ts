import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// Files a reader can hold (issue 19): after formatting (Biome, width 120), no source file
// is over 300 lines, and none is cut into sections by banner comments — a section is a file.

const ROOTS = ["app", "components", "lib", "server", "scripts", "sandbox", "e2e", "test", "types"];
const SKIP = new Set(["generated", "node_modules"]);
const MAX_LINES = 300;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (SKIP.has(name)) return [];
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx|mjs|js)$/.test(name) && !name.endsWith(".d.ts") ? [path] : [];
  });
}

const files = ROOTS.flatMap(sources);
const text = (f: string) => readFileSync(f, "utf8");

describe("source files", () => {
  it(`are at most ${MAX_LINES} lines`, () => {
    const long = files.map((f) => [f, text(f).split("\n").length - 1] as const).filter(([, n]) => n > MAX_LINES);
    expect(long).toEqual([]);
  });

  it("have no section banners", () => {
    expect(files.filter((f) => /^\s*\/\/ ?[─━=-]{3,}/m.test(text(f)))).toEqual([]);
  });
});
