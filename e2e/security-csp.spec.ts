import { expect, test } from "@playwright/test";
import { storageStateFor } from "./support/users";

// The Content-Security-Policy is a real XSS backstop: page scripts run only with the
// nonce of their own response, so an injected inline script never runs.
const scriptSrc = (csp: string) => csp.split(";").map((d) => d.trim()).find((d) => d.startsWith("script-src")) ?? "";

test.describe("content security policy", () => {
  test.use({ storageState: storageStateFor("finance") });

  test("every page has a fresh nonce and no 'unsafe-inline' for scripts; API answers allow no script", async ({ request }) => {
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

  test("an injected inline script does not run, and the page itself still works", async ({ page }) => {
    const violations: string[] = [];
    page.on("console", (m) => m.text().includes("Content Security Policy") && violations.push(m.text()));
    await page.goto("/transactions");
    await expect(page.getByRole("heading", { name: "Transactions" })).toBeVisible();
    expect(violations, "the console's own scripts are allowed").toEqual([]);
    // What a stored-XSS payload would do: add an inline script and an inline handler.
    await page.evaluate(() => {
      const s = document.createElement("script");
      s.textContent = "window.__pwned = true";
      document.body.appendChild(s);
      const img = document.createElement("img");
      img.setAttribute("src", "data:,x");
      img.setAttribute("onerror", "window.__pwnedToo = true");
      document.body.appendChild(img);
    });
    await expect.poll(() => violations.length).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: boolean }).__pwned ?? false)).toBe(false);
    expect(await page.evaluate(() => (window as unknown as { __pwnedToo?: boolean }).__pwnedToo ?? false)).toBe(false);
    // Client-side navigation (chunks loaded by trusted scripts) still works.
    await page.getByRole("link", { name: "Overview" }).first().click();
    await expect(page).toHaveURL(/\/$/);
  });
});
