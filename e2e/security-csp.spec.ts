import { expect, test } from "@playwright/test";
import { storageStateFor } from "./support/users";

// The Content-Security-Policy is a real XSS backstop: page scripts run only with the
// nonce of their own response, so an injected inline script never runs.
const scriptSrc = (csp: string) =>
  csp
    .split(";")
    .map((d) => d.trim())
    .find((d) => d.startsWith("script-src")) ?? "";

test.describe("content security policy", () => {
  test.use({ storageState: storageStateFor("finance") });

  test("every page has a fresh nonce and no 'unsafe-inline' for scripts; API answers allow no script", async ({
    request,
  }) => {
    const nonces = new Set<string>();
    for (const path of ["/login", "/transactions", "/transactions", "/", "/no-such-page"]) {
      const res = await request.get(path);
      const policy = scriptSrc(res.headers()["content-security-policy"] ?? "");
      expect(policy, path).not.toContain("'unsafe-inline'");
      const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(policy)?.[1];
      expect(nonce, `${path} has a nonce`).toBeTruthy();
      nonces.add(nonce!);
      // Next.js put the same nonce on the page's own scripts.
      expect(await res.text()).toContain(`nonce="${nonce}"`);
    }
    expect(nonces.size, "a nonce is never reused").toBe(5);
    const api = await request.get("/api/me");
    expect(scriptSrc(api.headers()["content-security-policy"] ?? "")).toBe("script-src 'none'");
  });

  test("markup injected into the page cannot run a script or a handler, and the page itself still works", async ({
    page,
  }) => {
    const violations: string[] = [];
    page.on("console", (m) => m.text().includes("Content Security Policy") && violations.push(m.text()));
    // What stored XSS would be: attacker markup inside the console's own HTML, answered with
    // the console's own headers (the real policy, the real nonce on the real scripts).
    await page.route("**/transactions", async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(
        "<body",
        '<script>window.__pwned = true</script><img src="data:," onerror="window.__pwnedToo = true"><body',
      );
      await route.fulfill({ response, body: html });
    });
    await page.goto("/transactions");
    await expect(page.getByRole("heading", { name: "Transactions" })).toBeVisible();
    await expect.poll(() => violations.length).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: boolean }).__pwned ?? false)).toBe(false);
    expect(await page.evaluate(() => (window as unknown as { __pwnedToo?: boolean }).__pwnedToo ?? false)).toBe(false);
    // A handler added through markup after load is refused too.
    await page.evaluate(() =>
      document.body.insertAdjacentHTML("beforeend", '<img src="data:," onerror="window.__pwnedLater = true">'),
    );
    await expect.poll(() => violations.length).toBeGreaterThan(1);
    expect(await page.evaluate(() => (window as unknown as { __pwnedLater?: boolean }).__pwnedLater ?? false)).toBe(
      false,
    );
    // The console's own scripts ran (hydrated, chunks loaded): client-side navigation works.
    await page.unroute("**/transactions");
    await page.getByRole("link", { name: "Overview" }).first().click();
    await expect(page).toHaveURL(/\/$/);
  });
});
