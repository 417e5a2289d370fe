import { randomUUID } from "node:crypto";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { sandboxCall, sandboxControl } from "./support/sandbox";
import { storageStateFor } from "./support/users";

// Whole tasks done with the keyboard alone: Tab to reach a control, type, arrows in a select,
// Enter or Space to press. No click, no fill, no mouse.

/** Presses Tab until the control has focus (failing if it is never reached). */
async function tabTo(page: Page, control: Locator, max = 120) {
  for (let i = 0; i < max; i++) {
    if (await control.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${control}`);
}

async function typeInto(page: Page, control: Locator, text: string) {
  await tabTo(page, control);
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type(text);
}

async function paidCharge(page: Page, baseURL: string, method: string, capture: boolean) {
  const c = await sandboxCall("POST", "/v1/charges", {
    transaction: {
      reference: `e2e-kbd-${randomUUID().slice(0, 8)}`,
      amount: 4000,
      currency: "USD",
      country: "CN",
      auto_capture: capture,
    },
    payment:
      method === "card" ? { method, data: { pan: "4111111111111111", expiry: "12/30", cvv: "123" } } : { method },
  });
  if (method !== "card") await sandboxControl("POST", `/__sandbox/payments/${c.id}/complete`);
  const res = await page.request.post("/api/transactions/import", { headers: { Origin: baseURL }, data: { id: c.id } });
  expect(res.status()).toBe(201);
  return c as { id: string; reference: string };
}

test.describe("finance, keyboard only", () => {
  test.use({ storageState: storageStateFor("finance") });

  test("a partial refund", async ({ page, baseURL }) => {
    const c = await paidCharge(page, baseURL!, "card", true);
    await page.goto(`/transactions/${c.id}`);
    await tabTo(page, page.getByRole("button", { name: "Refund…" }));
    await page.keyboard.press("Enter");
    await typeInto(page, page.getByLabel(/Amount to refund/), "12.50");
    await tabTo(page, page.getByLabel("Reason"));
    await page.keyboard.press("ArrowDown");
    const reason = await page.getByLabel("Reason").inputValue();
    expect(reason).not.toBe("consumer_requested");
    await typeInto(page, page.getByLabel(/Note|Describe the reason/), "Refunded by keyboard");
    await tabTo(page, page.getByRole("button", { name: "Refund", exact: true }));
    await page.keyboard.press("Space");
    await expect(page.getByTestId("action-result")).toHaveText("Refund of $12.50 succeeded.");
    await expect(page.getByTestId("amounts")).toContainText("$12.50");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("partially refunded");
  });
});

test.describe("ops, keyboard only", () => {
  test.use({ storageState: storageStateFor("ops") });

  test("a customs declaration", async ({ page, baseURL }) => {
    const c = await paidCharge(page, baseURL!, "wechatpay", true);
    await page.goto(`/customs/new?transaction=${c.id}`);
    await expect(page.getByLabel("Vendor")).toHaveValue("wechatpay");
    await typeInto(page, page.getByLabel("Customs location"), "HANGZHOU");
    await typeInto(page, page.getByLabel("Merchant customs code"), "MC-KBD-1");
    await typeInto(page, page.getByLabel("Merchant customs name"), "Keyboard shop");
    await tabTo(page, page.getByRole("button", { name: "Declare", exact: true }));
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/customs\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId("sub-order")).toHaveCount(1);
  });
});
