import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { NAV_ITEMS } from "@/lib/nav";
import { LIST_IDS, LIST_PAGES } from "@/lib/platform/pages";
import { SAVED_VIEW_LISTS } from "@/lib/saved-views/lists";

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
    const taken = sources("lib").flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(/defineListState\(\s*\w+,\s*listPage\("([\w-]+)"\)/g)].map((m) => m[1]),
    );
    expect(taken.toSorted()).toEqual([...LIST_IDS].toSorted());
  });

  it("are pages of the console", () => {
    const missing = LIST_PAGES.filter(
      ({ path }) =>
        !existsSync(join("app/(console)", path, "page.tsx")) &&
        !existsSync(join("app/(console)", path, "(list)", "page.tsx")),
    );
    expect(missing.map((page) => page.path)).toEqual([]);
  });

  it("are what saved views and the navigation read", () => {
    expect(Object.keys(SAVED_VIEW_LISTS).toSorted()).toEqual([...LIST_IDS].toSorted());
    const refundBatches = NAV_ITEMS.find((item) => item.href === "/refund-batches");
    expect(refundBatches).toEqual({ href: "/refund-batches", label: "nav.refundBatches", permission: "money.move" });
    for (const page of LIST_PAGES.filter((p) => p.nav))
      expect(NAV_ITEMS.filter((item) => item.href === page.path)).toHaveLength(1);
  });
});
