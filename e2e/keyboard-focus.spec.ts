import { randomUUID } from "node:crypto";
import { openSession } from "./support/sessions";
import { expect, type Page, test } from "@playwright/test";
import { sandboxCall, sandboxControl } from "./support/sandbox";
import { openForm } from "./support/forms";
import { freshCode } from "./support/sign-in";
import { charge, refund } from "./support/money";
import { createUser, retireMadeAdmins, storageStateFor } from "./support/users";

// Issue 33, keyboard and screen readers: where focus goes. A dialog keeps it while open and
// gives it back to the control that opened it; a form that closes on its answer gives it back
// to its button; Enter in the payment lookup looks the payment up; a new page starts at its heading.

const focusedText = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el && el !== document.body ? `${el.tagName.toLowerCase()}:${(el.textContent ?? "").trim()}` : "body";
  });

// Admins made here are retired after each test, passed or not: later specs expect the seeded admin alone.
test.afterEach(retireMadeAdmins);

test("the step-up dialog keeps focus inside it, Escape closes it, and a code typed there does what was asked", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  // A fresh admin session: no step-up given yet, so the first privileged action asks for one.
  const admin = await createUser("admin", "kbd-admin");
  const target = await createUser("finance", "kbd-target");
  const context = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await openSession(page, admin.email);
  await openForm(page, "/users");
  const disable = page.getByTestId(`user-row-${target.email}`).getByRole("button", { name: "Disable" });
  await disable.focus();
  await page.keyboard.press("Enter");
  await page.getByTestId("confirm-dialog").getByRole("button", { name: "Disable" }).click();
  const dialog = page.getByRole("dialog", { name: "Confirm it is you" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Authentication code")).toBeFocused();
  // Tab and Shift+Tab go round the dialog's controls, never to the page behind the overlay.
  for (const key of ["Tab", "Tab", "Tab", "Tab", "Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab"]) {
    await page.keyboard.press(key);
    expect(await dialog.evaluate((d) => d.contains(document.activeElement)), `focus left the dialog after ${key}`).toBe(
      true,
    );
  }
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  // And the code, given from the keyboard, does what was asked.
  await disable.click();
  await page.getByTestId("confirm-dialog").getByRole("button", { name: "Disable" }).click();
  await expect(dialog.getByLabel("Authentication code")).toBeFocused();
  await page.keyboard.type(await freshCode(admin.email));
  await page.keyboard.press("Enter");
  await expect(page.getByTestId(`user-row-${target.email}`)).toContainText("Disabled");
  await context.close();
});

// After a step-up that followed a confirmation, Escape gave focus to the page's heading: the row's
// Disable button was still disabled (its refused request had not ended) when the dialog closed.
// returnFocusTo now waits a moment for the control to take focus again.
test("after Escape in a step-up, focus is back on the control that asked", async ({ browser, baseURL }) => {
  const admin = await createUser("admin", "kbd-admin");
  const target = await createUser("finance", "kbd-target");
  const context = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await openSession(page, admin.email);
  await openForm(page, "/users");
  const disable = page.getByTestId(`user-row-${target.email}`).getByRole("button", { name: "Disable" });
  await disable.focus();
  await page.keyboard.press("Enter");
  await page.getByTestId("confirm-dialog").getByRole("button", { name: "Disable" }).click();
  await expect(page.getByRole("dialog", { name: "Confirm it is you" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(disable).toBeFocused();
  await context.close();
});

test.describe("admin", () => {
  test.use({ storageState: storageStateFor("admin") });

  test("Cancel on a role change gives focus back to the role's select", async ({ page }) => {
    const user = await createUser("finance", "kbd-role");
    await openForm(page, "/users");
    const select = page.getByLabel(`Role of ${user.email}`);
    await select.focus();
    await select.selectOption("ops");
    const dialog = page.getByTestId("confirm-dialog");
    await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(dialog).toHaveCount(0);
    await expect(select).toBeFocused();
    await expect(select).toHaveValue("finance");
  });
});

test.describe("finance", () => {
  test.use({ storageState: storageStateFor("finance") });

  test("after a refund, focus is back on the Refund button, not lost to the page", async ({ page, baseURL }) => {
    const c = await sandboxCall("POST", "/v1/charges", {
      transaction: {
        reference: `e2e-kbd-focus-${randomUUID().slice(0, 8)}`,
        amount: 4000,
        currency: "USD",
        country: "US",
        auto_capture: true,
      },
      payment: { method: "card", data: { pan: "4111111111111111", expiry: "12/30", cvv: "123" } },
    });
    const res = await page.request.post("/api/transactions/import", {
      headers: { Origin: baseURL! },
      data: { id: c.id },
    });
    expect(res.status()).toBe(201);
    await openForm(page, `/transactions/${c.id}`);
    await page.getByRole("button", { name: "Refund…" }).click();
    await page.getByLabel(/Amount to refund/).fill("5.00");
    await page.getByRole("button", { name: "Refund", exact: true }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("action-result")).toHaveText("Refund of $5.00 succeeded.");
    await expect(page.getByRole("button", { name: "Refund…" })).toBeFocused();
  });

  test("after following a link of the navigation, focus is on the new page's heading", async ({ page }) => {
    await openForm(page, "/transactions");
    const nav = page.getByRole("navigation", { name: "Main" }).last();
    await nav.getByRole("link", { name: "Vault" }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/vault$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
    expect(await focusedText(page)).not.toBe("body");
  });
});

test.describe("ops", () => {
  test.use({ storageState: storageStateFor("ops") });

  test("Enter in the payment lookup looks the payment up", async ({ page, baseURL }) => {
    const c = await sandboxCall("POST", "/v1/charges", {
      transaction: {
        reference: `e2e-kbd-lookup-${randomUUID().slice(0, 8)}`,
        amount: 6000,
        currency: "CNY",
        country: "CN",
        auto_capture: true,
      },
      payment: { method: "wechatpay" },
    });
    await sandboxControl("POST", `/__sandbox/payments/${c.id}/complete`);
    const res = await page.request.post("/api/transactions/import", {
      headers: { Origin: baseURL! },
      data: { id: c.id },
    });
    expect(res.status()).toBe(201);
    await openForm(page, "/customs/new");
    const field = page.getByLabel("Transaction id or payment reference");
    await field.fill(c.id);
    await field.press("Enter");
    await expect(page.getByTestId("parent")).toContainText("¥60.00");
    // Enter looked the payment up and sent nothing: the page is still the new declaration.
    await expect(page).toHaveURL(/\/customs\/new/);
  });
});

// Issue 50, item 6: a decision takes its request out of the queue, and the buttons that decided
// it with it; focus fell to the page's body. A cancelled step-up lost the comment typed.
test.describe("manager deciding refunds", () => {
  test.use({ storageState: storageStateFor("finance") });

  test("a cancelled step-up keeps the comment and focus; a decision moves focus on to the next request", async ({
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const held: string[] = [];
    for (let i = 0; i < 3; i++) {
      const id = await charge(request, baseURL!, { amount: 100_000, capture: 100_000 });
      const res = await refund(request, baseURL!, id, randomUUID(), 60_000);
      expect((await res.json()).operation.status).toBe("pending_approval");
      held.push(id);
    }
    // A fresh manager session: no step-up given yet, so approving asks for one.
    const manager = await createUser("manager", "kbd-approver");
    const context = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
    const page = await context.newPage();
    await openSession(page, manager.email);
    await openForm(page, "/approvals");
    const item = (id: string) => page.getByTestId("approval").filter({ hasText: id });

    const first = item(held[0]!);
    const second = item(held[1]!);
    // A comment typed on the next request first: deciding another one keeps it (a server refresh
    // after each decision remounted every row's form, and the comment was lost).
    await second.getByLabel("Comment").fill("Not ours to refund");
    await first.getByLabel("Comment").fill("Checked with the customer");
    await first.getByRole("button", { name: "Approve and refund" }).click();
    const stepUp = page.getByRole("dialog", { name: "Confirm it is you" });
    await expect(stepUp).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(stepUp).toHaveCount(0);
    await expect(first.getByRole("button", { name: "Approve and refund" })).toBeFocused();
    await expect(first.getByLabel("Comment")).toHaveValue("Checked with the customer");

    await first.getByRole("button", { name: "Approve and refund" }).click();
    await expect(stepUp.getByLabel("Authentication code")).toBeFocused();
    await page.keyboard.type(await freshCode(manager.email));
    await page.keyboard.press("Enter");
    await expect(first).toHaveCount(0);
    await expect
      .poll(() => page.evaluate(() => !!document.activeElement?.closest('[data-testid="approval"]')))
      .toBe(true);

    await expect(page.getByTestId("decided")).toContainText(held[0]!);
    await expect(second.getByLabel("Comment")).toHaveValue("Not ours to refund");
    await second.getByRole("button", { name: "Reject" }).click();
    await page.getByTestId("confirm-dialog").getByRole("button", { name: "Reject" }).click();
    await expect(second).toHaveCount(0);
    await expect.poll(() => focusedText(page)).not.toBe("body");
    await context.close();
  });
});
