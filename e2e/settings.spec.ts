import { expect, test } from "@playwright/test";
import { ROLE_USERS, storageStateFor } from "./support/users";
import { answerStepUp, stepUpApi } from "./support/sign-in";

const ADMIN = ROLE_USERS.admin.email;

const SANDBOX_KEY = "sk_sandbox_default_private_key";

test.describe("settings (admin)", () => {
  test.use({ storageState: storageStateFor("admin") });

  test("sets the private key, tests the connection, and never shows the key again", async ({ page }) => {
    await page.goto("/settings");
    const key = page.getByTestId("credential-private-key");
    await key.getByLabel("New private key").fill("sk_wrong_key_123");
    await key.getByRole("button", { name: /Save|Rotate/ }).click();
    // Changing a credential asks for a fresh authenticator code.
    await answerStepUp(page, ADMIN, page.getByTestId("settings-message"));
    await expect(page.getByTestId("settings-message")).toHaveText("Private key saved.");
    // Testing sends the private key, so it needs a fresh code too (this session just gave one).
    await page.getByRole("button", { name: "Test connection" }).click();
    await answerStepUp(page, ADMIN, page.getByTestId("settings-message").filter({ hasNotText: "Private key saved." }));
    await expect(page.getByTestId("settings-message")).toContainText("The service refused the private key.");

    await key.getByLabel("New private key").fill(SANDBOX_KEY);
    await key.getByRole("button", { name: "Rotate" }).click();
    await expect(page.getByTestId("settings-message")).toHaveText("Private key saved.");
    await page.getByRole("button", { name: "Test connection" }).click();
    // The service answers a token still valid with that same token (recorded behaviour), so
    // its time left may be a little under the full 24 hours.
    await expect(page.getByTestId("settings-message")).toContainText(
      /issued a server token valid for (24|23\.\d) hours/,
    );

    await page.reload();
    await expect(key).toContainText("Set");
    expect(await page.content()).not.toContain(SANDBOX_KEY);
    const api = await page.request.get("/api/settings");
    expect(JSON.stringify(await api.json())).not.toContain(SANDBOX_KEY);
  });

  test("refuses a bad base URL with a clear message", async ({ page }) => {
    await page.goto("/settings");
    await page.getByLabel("Payment API base URL").fill("not a url");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByTestId("upiBaseUrl-error")).toHaveText("Enter an http(s) URL");
    await expect(page.getByLabel("Payment API base URL")).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator("body")).not.toContainText("upiBaseUrl:");
  });

  test("every credential change is in the audit log", async ({ page, baseURL }) => {
    await stepUpApi(page.request, baseURL!, ADMIN);
    const res = await page.request.put("/api/settings/credentials/webhook-secret", {
      headers: { Origin: baseURL! },
      data: { value: "whsec_rotated_value_1" },
    });
    expect(res.status()).toBe(200);
    expect((await res.json()).credentials["webhook-secret"].set).toBe(true);
    await page.goto("/audit?action=settings.credential");
    await expect(page.getByTestId("audit-table")).toContainText("credential webhook-secret");
    expect(await page.content()).not.toContain("whsec_rotated_value_1");
  });
});

test.describe("settings for other roles", () => {
  test.use({ storageState: storageStateFor("finance") });

  test("finance gets 403 on the page and the API", async ({ page, baseURL }) => {
    expect((await page.goto("/settings"))?.status()).toBe(403);
    expect((await page.request.get("/api/settings")).status()).toBe(403);
    const put = await page.request.put("/api/settings/credentials/private-key", {
      headers: { Origin: baseURL! },
      data: { value: "sk_attacker_value" },
    });
    expect(put.status()).toBe(403);
  });
});
