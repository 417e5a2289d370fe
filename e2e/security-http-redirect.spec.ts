import { expect, test } from "@playwright/test";
import { PASSWORD, ROLE_USERS } from "./support/users";
import { freshCode } from "./support/sign-in";

// Issue 17 over real HTTP, against the production server (dist/server.mjs, server/main.ts):
// the redirect after sign-in.

test.describe("the redirect after sign-in stays on the console", () => {
  // Each sign-in takes an authenticator code, single-use per 30 s step: one may wait for the next.
  test.describe.configure({ timeout: 90_000 });
  for (const callback of [
    "/%5Cevil.example",
    "/%09/evil.example",
    "//evil.example",
    "/%2F%2Fevil.example",
    "https://evil.example/",
    "/.//evil.example",
  ]) {
    test(`callbackUrl=${callback}`, async ({ browser, baseURL }) => {
      const context = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
      const page = await context.newPage();
      await page.goto(`/login?callbackUrl=${callback}`);
      await page.getByLabel("Email").fill(ROLE_USERS.finance.email);
      await page.getByLabel("Password").fill(PASSWORD);
      await page.getByRole("button", { name: "Sign in" }).click();
      // Every role signs in with a second factor on a new merchant.
      await page.getByLabel("Authentication code").fill(await freshCode(ROLE_USERS.finance.email));
      await page.getByRole("button", { name: "Verify" }).click();
      await expect(page.getByTestId("current-user")).toBeVisible();
      expect(new URL(page.url()).origin).toBe(baseURL);
      expect(new URL(page.url()).pathname).toBe("/");
      // Already signed in, the login page redirects by itself: the same rule.
      await page.goto(`/login?callbackUrl=${callback}`);
      await expect(page.getByTestId("current-user")).toBeVisible();
      expect(new URL(page.url()).origin).toBe(baseURL);
      await context.close();
    });
  }
});
