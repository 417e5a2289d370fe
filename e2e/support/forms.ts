import { expect, type Page } from "@playwright/test";

// What the form specs share: watching what a page sends, and opening a page ready to type in.

/** Every request to `path` (a string, or a pattern for paths with ids) the page makes from now on. */
export function requestsTo(page: Page, path: string | RegExp, method = "POST") {
  const seen: string[] = [];
  page.on("request", (r) => {
    const pathname = new URL(r.url()).pathname;
    if (r.method() === method && (typeof path === "string" ? pathname === path : path.test(pathname)))
      seen.push(r.url());
  });
  return seen;
}

/** The page after hydration (a value typed into the server's HTML could be lost as React takes over). */
export async function openForm(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole("button", { name: "Sign out" })).toBeEnabled();
}
