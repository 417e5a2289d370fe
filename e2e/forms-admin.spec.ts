import { expect, test } from "@playwright/test";
import { openForm, requestsTo } from "./support/forms";
import { storageStateFor } from "./support/users";

// The admin's forms on the form kit: every problem at its field, all at once, in words a person
// uses, and nothing sent while one is left.

test.describe("forms (admin)", () => {
  test.use({ storageState: storageStateFor("admin") });

  test("approval thresholds: each currency's amount read with its own decimals, every problem at its field", async ({
    page,
  }) => {
    await openForm(page, "/settings");
    const patches = requestsTo(page, "/api/settings", "PATCH");
    const form = page.getByTestId("approval-form");
    await form.getByLabel("Above (USD)").fill("12.345");
    await form.getByLabel("Above (JPY)").fill("1.5");
    await form.getByLabel("Or above this % of the charge").fill("150");
    await form.getByRole("button", { name: "Save approval rules" }).click();
    await expect(page.getByTestId("threshold-USD-error")).toHaveText("USD has at most 2 decimals");
    await expect(page.getByTestId("threshold-JPY-error")).toHaveText("JPY has no decimals");
    await expect(page.getByTestId("approval-percent-error")).toHaveText(
      "A percentage from 0 to 100, or leave it empty",
    );
    await expect(form.getByTestId("form-problems")).toContainText("3 things to fix");
    await expect(form).not.toContainText(/USD:|refundApproval/);
    expect(patches).toEqual([]);
  });

  test("retention: both day counts checked at once, at their fields", async ({ page }) => {
    await openForm(page, "/settings");
    const patches = requestsTo(page, "/api/settings", "PATCH");
    const form = page.getByTestId("retention-form");
    await form.getByLabel("Applied, confirmed, unchanged or stale (days)").fill("3");
    await form.getByLabel("Rejected or expired (days)").fill("0");
    await form.getByRole("button", { name: "Save retention" }).click();
    await expect(page.getByTestId("retention-settled-error")).toHaveText("At least 7 days (the replay window)");
    await expect(page.getByTestId("retention-refused-error")).toHaveText("At least 1 day");
    expect(patches).toEqual([]);
  });

  test("a credential too short to be one is refused at its field before it is sent", async ({ page }) => {
    await openForm(page, "/settings");
    const puts = requestsTo(page, /^\/api\/settings\/credentials\//, "PUT");
    const secret = page.getByTestId("credential-webhook-secret");
    await secret.getByLabel("New webhook secret").fill("abc");
    await secret.getByRole("button", { name: /Save|Rotate/ }).click();
    await expect(page.getByTestId("credential-webhook-secret-value-error")).toHaveText(
      "Paste the whole value (at least 8 characters)",
    );
    await expect(secret.getByLabel("New webhook secret")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByTestId("settings-message")).toHaveCount(0);
    expect(puts).toEqual([]);
  });

  test("a new user: name, email and password problems all shown at once, nothing sent", async ({ page }) => {
    await openForm(page, "/users");
    const posts = requestsTo(page, "/api/users");
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel(/^Password/).fill("short");
    await page.getByRole("button", { name: "Create user" }).click();
    await expect(page.getByTestId("name-error")).toHaveText("Enter a name");
    await expect(page.getByTestId("email-error")).toHaveText("Enter a valid email address");
    await expect(page.getByTestId("password-error")).toHaveText("Use at least 12 characters");
    expect(posts).toEqual([]);
  });
});
