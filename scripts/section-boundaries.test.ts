import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// Every section of the console (a folder of app/(console)/) has a loading skeleton and an error
// boundary with a retry that never shows the error's message; and where the section's pages
// check a permission, a layout checks it above the skeleton so a refusal stays a real 403.

const CONSOLE = "app/(console)";
const sections = readdirSync(CONSOLE, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/** Every page.tsx under a folder. */
function pagesOf(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? pagesOf(join(dir, e.name)) : e.name === "page.tsx" ? [join(dir, e.name)] : [],
  );
}

describe("console sections", () => {
  it("are all listed", () => {
    expect(sections).toEqual(expect.arrayContaining(["(overview)", "transactions", "approvals", "customs", "users"]));
  });

  it.each(sections)("%s has a skeleton over every page and an error.tsx on the shared boundary", (section) => {
    const dir = join(CONSOLE, section);
    for (const page of pagesOf(dir)) {
      // The page's folder or one above it, within the section.
      const folders = page.split("/").slice(0, -1);
      const covered = folders
        .map((_, i) => folders.slice(0, i + 1).join("/"))
        .filter((f) => f.startsWith(dir))
        .some((f) => existsSync(join(f, "loading.tsx")));
      expect(covered, `${page} has no loading.tsx above it`).toBe(true);
    }
    const error = readFileSync(join(dir, "error.tsx"), "utf8");
    expect(error).toContain('"use client"');
    expect(error).toContain("<SectionError");
    expect(error).not.toMatch(/error\.(message|stack)/);
  });

  it.each(sections.filter((s) => s !== "account"))(
    "%s checks its pages' permission in a layout above its skeleton",
    (section) => {
      const dir = join(CONSOLE, section);
      const permissions = new Set<string>();
      const walk = (d: string) => {
        for (const e of readdirSync(d, { withFileTypes: true })) {
          if (e.isDirectory()) walk(join(d, e.name));
          else if (e.name === "page.tsx")
            for (const m of readFileSync(join(d, e.name), "utf8").matchAll(/requirePageUser\(("[\w.]+")?/g))
              permissions.add(m[1] ?? "");
        }
      };
      walk(dir);
      const layout = readFileSync(join(dir, "layout.tsx"), "utf8");
      // The section's own pages' weakest check is the layout's (a stricter subpage checks itself):
      // sectionLayout(permission, …), "signed-in" for requirePageUser() without one.
      const checked = /sectionLayout\(\s*"([\w.-]+)"/.exec(layout)?.[1];
      expect(checked).toBeDefined();
      expect([...permissions].some((p) => (p === "" ? "signed-in" : JSON.parse(p)) === checked)).toBe(true);
    },
  );

  // A record's page (a [param] folder) streams its skeleton only after its layout has decided
  // the record exists (lib/platform/auth/record-gate.ts): no loading.tsx above it, so an unknown id is
  // a real 404, not a 200 whose body says "not found".
  it.each(sections)("%s: a record's page answers 404 for an unknown id", (section) => {
    const dir = join(CONSOLE, section);
    for (const page of pagesOf(dir).filter((p) => /\/\[[^/]+\]\//.test(p))) {
      const record = page.slice(0, page.indexOf("]/") + 1);
      expect(readFileSync(join(record, "layout.tsx"), "utf8"), record).toContain("recordLayout(");
      const above = record.split("/").slice(0, -1);
      for (let i = 2; i <= above.length; i++)
        expect(existsSync(join(above.slice(0, i).join("/"), "loading.tsx")), `loading.tsx above ${record}`).toBe(false);
    }
  });

  it("the shared boundary shows a retry and the digest, never the message", () => {
    const boundary = readFileSync("components/shell/section-error.tsx", "utf8");
    expect(boundary).toContain("reset()");
    expect(boundary).toContain("router.refresh()");
    expect(boundary).toContain("error.digest");
    expect(boundary).not.toMatch(/error\.(message|stack)/);
  });
});
