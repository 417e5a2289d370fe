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

describe("console sections", () => {
  it("are all listed", () => {
    expect(sections).toEqual(expect.arrayContaining(["(overview)", "transactions", "approvals", "customs", "users"]));
  });

  it.each(sections)("%s has loading.tsx and an error.tsx on the shared boundary", (section) => {
    const dir = join(CONSOLE, section);
    expect(existsSync(join(dir, "loading.tsx")), "loading.tsx").toBe(true);
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
      // The section's own pages' weakest check is the layout's (a stricter subpage checks itself).
      expect([...permissions].some((p) => layout.includes(`requirePageUser(${p})`))).toBe(true);
    },
  );

  it("the shared boundary shows a retry and the digest, never the message", () => {
    const boundary = readFileSync("components/shell/section-error.tsx", "utf8");
    expect(boundary).toContain("reset()");
    expect(boundary).toContain("router.refresh()");
    expect(boundary).toContain("error.digest");
    expect(boundary).not.toMatch(/error\.(message|stack)/);
  });
});
