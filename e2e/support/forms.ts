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

/**
 * The page after hydration (a value typed into the server's HTML could be lost as React takes
 * over): the header, and every kit form on it once react-hook-form has written its fields'
 * values (a value typed before that was merged with the stored one: "500.0012.345").
 */
export async function openForm(page: Page, path: string) {
  await page.goto(path);
  await formsReady(page);
}

/** What openForm waits for, on a page reached another way (a redirect after signing in). */
export async function formsReady(page: Page) {
  await expect(page.getByRole("button", { name: "Sign out" })).toBeEnabled();
  await expect(page.locator('form[data-kit-form="loading"]')).toHaveCount(0);
  // A lazy form's place (aria-busy) is the server's HTML until React owns the page's section:
  // a control of that section changed before then (the users list's role) is not heard.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}
