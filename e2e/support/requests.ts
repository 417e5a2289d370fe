import type { Page } from "@playwright/test";

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
