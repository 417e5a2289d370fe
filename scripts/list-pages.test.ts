import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { NAV_ITEMS } from "@/lib/nav";
import { LIST_IDS, LIST_PAGES } from "@/lib/platform/pages";
import { viewListQuerySchema } from "@/lib/saved-views/schemas";

// The lists that are pages are said once (lib/platform/pages.ts): each is taken by exactly one
// list's URL state, is a page of the console, and is what saved views and the navigation read.

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "generated" ? [] : sources(path);
    return /\.tsx?$/.test(name) && !name.endsWith(".test.ts") ? [path] : [];
  });
}

describe("the lists that are pages", () => {
  it("are each taken by exactly one list's URL state", () => {
    const code = (file: string) => readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm, "");
    const taken = sources("lib").flatMap((file) =>
      [...code(file).matchAll(/defineList(?:<[^(]*>)?\(\s*\w+,\s*\{[^}]*?\bpage: "([\w-]+)"/g)].map((m) => m[1]),
    );
    expect(taken.toSorted()).toEqual([...LIST_IDS].toSorted());
  });

  it("are pages of the console, each opened with the permission said here (what its saved views ask)", () => {
    for (const { path, permission } of LIST_PAGES) {
      const file = [join("app/(console)", path, "page.tsx"), join("app/(console)", path, "(list)", "page.tsx")].find(
        existsSync,
      );
      expect(file, path).toBeDefined();
      expect(readFileSync(file!, "utf8"), path).toContain(`requirePageUser("${permission}")`);
    }
  });

  it("are what saved views and the navigation read", () => {
    for (const list of LIST_IDS) expect(viewListQuerySchema.safeParse({ list }).success, list).toBe(true);
    expect(viewListQuerySchema.safeParse({ list: "notifications" }).success).toBe(false);
    const refundBatches = NAV_ITEMS.find((item) => item.href === "/refund-batches");
    expect(refundBatches).toEqual({ href: "/refund-batches", label: "nav.refundBatches", permission: "money.move" });
    for (const page of LIST_PAGES.filter((p) => p.nav))
      expect(NAV_ITEMS.filter((item) => item.href === page.path)).toHaveLength(1);
  });
});
