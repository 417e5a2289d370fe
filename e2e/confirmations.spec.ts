import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { createUser, ROLE_USERS, sql, storageStateFor } from "./support/users";
import { answerStepUp } from "./support/sign-in";
import { sandboxCharge } from "./support/sandbox";
import { openForm } from "./support/forms";

// Pages are opened hydrated (openForm): a select changed before React takes over fires no
// onChange, and the dialog under test would never open.
//
// Every destructive or privileged action asks first, in the app's one dialog, naming whom or
// what it acts on; Cancel there changes nothing. The browser's own confirm() is never used.

const ADMIN = ROLE_USERS.admin.email;
const confirmDialog = (page: Page) => page.getByTestId("confirm-dialog");

/** Fails the test if the page opens a browser dialog (alert, confirm, prompt). */
function refuseBrowserDialogs(page: Page) {
  const seen: string[] = [];
  page.on("dialog", (d) => {
    seen.push(`${d.type()}: ${d.message()}`);
    void d.dismiss();
  });
  return seen;
}

const stateOf = async (email: string) =>
  (await sql<{ role: string; disabled: boolean }>("SELECT role, disabled FROM users WHERE email = $1", [email]))[0];

test.describe("users (admin)", () => {
  test.use({ storageState: storageStateFor("admin") });

  test("Disable asks first and names the user; Cancel changes nothing; Confirm disables", async ({ page }) => {
    const browserDialogs = refuseBrowserDialogs(page);
    const user = await createUser("finance", "confirm-disable");
    await openForm(page, "/users");
    const row = page.getByTestId(`user-row-${user.email}`);
    await row.getByRole("button", { name: "Disable" }).click();
    const dialog = confirmDialog(page);
    await expect(dialog.getByRole("heading")).toHaveText(`Disable ${user.name} (${user.email})?`);
    await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(row).toContainText("Active");
    expect((await stateOf(user.email))?.disabled).toBe(false);
    // Escape backs out too.
    await row.getByRole("button", { name: "Disable" }).click();
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    expect((await stateOf(user.email))?.disabled).toBe(false);

    await row.getByRole("button", { name: "Disable" }).click();
    await dialog.getByRole("button", { name: "Disable" }).click();
    await answerStepUp(page, ADMIN, page.getByTestId("users-message"));
    await expect(row).toContainText("Disabled");
    expect((await stateOf(user.email))?.disabled).toBe(true);
    expect(browserDialogs).toEqual([]);
  });

  test("a role chosen is not saved until it is confirmed", async ({ page }) => {
    const user = await createUser("finance", "confirm-role");
    await openForm(page, "/users");
    const select = page.getByLabel(`Role of ${user.email}`);
    await select.selectOption("ops");
    const dialog = confirmDialog(page);
    await expect(dialog.getByRole("heading")).toHaveText(
      `Change the role of ${user.name} (${user.email}) to Operations?`,
    );
    expect((await stateOf(user.email))?.role).toBe("finance");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(select).toHaveValue("finance");
    expect((await stateOf(user.email))?.role).toBe("finance");

    await select.selectOption("ops");
    await dialog.getByRole("button", { name: "Change role" }).click();
    await answerStepUp(page, ADMIN, page.getByTestId("users-message"));
    await expect(page.getByTestId("users-message")).toContainText(`${user.email}: saved.`);
    expect((await stateOf(user.email))?.role).toBe("ops");
  });

  test("Reset password and Reset two-step ask in the app's dialog, never window.confirm", async ({ page }) => {
    const browserDialogs = refuseBrowserDialogs(page);
    const user = await createUser("ops", "confirm-reset", { mfa: true });
    await openForm(page, "/users");
    const row = page.getByTestId(`user-row-${user.email}`);
    const dialog = confirmDialog(page);
    await row.getByRole("button", { name: "Reset password" }).click();
    await expect(dialog.getByRole("heading")).toHaveText(`Reset the password of ${user.name} (${user.email})?`);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await row.getByRole("button", { name: "Reset two-step" }).click();
    await expect(dialog.getByRole("heading")).toHaveText(`Remove the second factor of ${user.name} (${user.email})?`);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId("temporary-password")).toHaveCount(0);
    await expect(row).toContainText("Two-step on");
    expect(browserDialogs).toEqual([]);
  });

  for (const width of [1024, 1280, 1440]) {
    test(`at ${width} px a row's actions are on screen beside the person, no sideways scroll`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      const user = await createUser("ops", `wide-${width}`, { mfa: true });
      await openForm(page, "/users");
      const row = page.getByTestId(`user-row-${user.email}`);
      // Down the list (earlier tests add users), never sideways.
      await row.scrollIntoViewIfNeeded();
      for (const name of [user.name, user.email])
        await expect(row.getByText(name, { exact: true })).toBeInViewport({ ratio: 1 });
      for (const action of ["Disable", "Reset password", "Reset two-step"]) {
        const box = (await row.getByRole("button", { name: action }).boundingBox())!;
        expect(box.x + box.width, action).toBeLessThanOrEqual(width);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });
  }
});

test.describe("money and vault (finance)", () => {
  test.use({ storageState: storageStateFor("finance") });

  test("cancel authorization asks first, naming the charge and amount", async ({ page, request, baseURL }) => {
    const c = await sandboxCharge({
      reference: `e2e-confirm-${randomUUID().slice(0, 8)}`,
      amount: 4300,
      currency: "USD",
    });
    const imported = await request.post("/api/transactions/import", {
      headers: { Origin: baseURL! },
      data: { id: c.id },
    });
    expect(imported.status()).toBe(201);
    await openForm(page, `/transactions/${c.id}`);
    await page.getByRole("button", { name: "Cancel authorization…" }).click();
    const dialog = confirmDialog(page);
    await expect(dialog.getByRole("heading")).toHaveText(`Cancel the authorization of $43.00 on charge ${c.id}?`);
    await dialog.getByRole("button", { name: "Keep it" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1 })).not.toContainText("canceled");
    await page.getByRole("button", { name: "Cancel authorization…" }).click();
    await dialog.getByRole("button", { name: "Cancel the authorization" }).click();
    await expect(page.getByTestId("action-result")).toHaveText("Cancel of $43.00 succeeded.");
  });

  test("delete token asks first, naming the card and token; Keep it keeps it", async ({ page, request, baseURL }) => {
    const added = await request.post("/api/vault", {
      headers: { Origin: baseURL!, "Idempotency-Key": randomUUID() },
      data: { card: { pan: "4111111111111111", expiry: "12/30", cvv: "123", firstName: "Cleo", lastName: "Confirm" } },
    });
    expect(added.status(), await added.text()).toBe(201);
    const { token } = ((await added.json()) as { token: { token: string } }).token;
    await openForm(page, `/vault/${token}`);
    await page.getByRole("button", { name: "Delete…" }).click();
    const dialog = confirmDialog(page);
    await expect(dialog.getByRole("heading")).toContainText("1111?");
    await expect(dialog).toContainText(`Token ${token} can no longer be charged`);
    await dialog.getByRole("button", { name: "Keep it" }).click();
    await expect(page.getByTestId("token-status")).toHaveText("active");
    await page.getByRole("button", { name: "Delete…" }).click();
    await dialog.getByRole("button", { name: "Delete the card" }).click();
    await expect(page.getByTestId("token-status")).toHaveText("deleted");
  });
});

test("rejecting a refund waiting for approval asks first, naming the refund", async ({ browser, baseURL }) => {
  const finance = await browser.newContext({ storageState: storageStateFor("finance"), baseURL });
  const c = await sandboxCharge({
    reference: `e2e-confirm-${randomUUID().slice(0, 8)}`,
    amount: 100_000,
    currency: "USD",
    autoCapture: true,
  });
  const headers = { Origin: baseURL! };
  expect((await finance.request.post("/api/transactions/import", { headers, data: { id: c.id } })).status()).toBe(201);
  const asked = await finance.request.post(`/api/transactions/${c.id}/refunds`, {
    headers: { ...headers, "Idempotency-Key": randomUUID() },
    data: { amount: 60_000, reason: "fraud" },
  });
  expect(asked.status(), await asked.text()).toBeLessThan(300);
  await finance.close();

  const context = await browser.newContext({ storageState: storageStateFor("manager"), baseURL });
  const page = await context.newPage();
  await openForm(page, "/approvals");
  const item = page.getByTestId("approval").filter({ hasText: c.id });
  await item.getByLabel("Comment").fill("Not this one");
  await item.getByRole("button", { name: "Reject" }).click();
  const dialog = confirmDialog(page);
  await expect(dialog.getByRole("heading")).toHaveText(
    `Reject the refund of $600.00 on ${c.id}, asked by ${ROLE_USERS.finance.email}?`,
  );
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(item).toBeVisible();
  await item.getByRole("button", { name: "Reject" }).click();
  await dialog.getByRole("button", { name: "Reject" }).click();
  await answerStepUp(page, ROLE_USERS.manager.email, page.getByTestId("decided").getByText("Not this one"));
  await expect(page.getByTestId("approval").filter({ hasText: c.id })).toHaveCount(0);
  await context.close();
});
