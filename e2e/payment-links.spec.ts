import { expect, test } from "@playwright/test";
import { storageStateFor } from "./support/users";

test.describe("pay by link (finance)", () => {
  test.use({ storageState: storageStateFor("finance") });

  test("a hosted alipay page is followed until paid and lands in the ledger with its CNY amount", async ({ page }) => {
    const reference = `link-${Date.now().toString(36)}`;
    await page.goto("/payment-links");
    await page.getByLabel("Amount").fill("100");
    await page.getByLabel("Reference (optional)").fill(reference);
    await page.getByRole("button", { name: "Create payment link" }).click();
    const card = page.getByTestId("payment-link").filter({ hasText: reference });
    await expect(card).toContainText("initiated");
    // The QR code opens full width under its row.
    await card.getByRole("button", { name: "QR" }).click();
    await expect(page.getByLabel(`QR code for ${reference}`)).toBeVisible();

    // The customer opens the link and pays on the sandbox's page.
    const url = await card.getByLabel(`Link for ${reference}`).inputValue();
    const customer = await page.context().browser()!.newPage();
    await customer.goto(url);
    await customer.getByRole("button", { name: /Pay 100\.00 USD/ }).click();
    await expect(customer.getByText("Payment completed")).toBeVisible();
    await customer.close();

    await expect(card).toContainText("succeeded", { timeout: 15_000 });
    await expect(card).toContainText("CN¥710.00");
    await card.getByRole("link", { name: "transaction" }).click();
    await expect(page.getByTestId("amounts")).toContainText("$100.00");
    // Whichever told the console first (the link's follower, or the service's notification of
    // the charge), the transaction carries the link's CNY amount and its method.
    await expect(page.getByText("CN¥710.00")).toBeVisible();
    await expect(page.getByText("alipay", { exact: true })).toBeVisible();
  });

  test("a QR payment for wechatpay, and bad input refused", async ({ page, baseURL }) => {
    await page.goto("/payment-links");
    await page.getByLabel("Kind").selectOption("qr");
    await page.getByLabel("Wallet").selectOption("wechatpay");
    await page.getByLabel("Amount").fill("12.34");
    await page.getByLabel("Currency").selectOption("CNY");
    await page.getByRole("button", { name: "Create payment link" }).click();
    await expect(page.getByTestId("payment-link").first()).toContainText("CN¥12.34");
    await expect(page.getByTestId("payment-link").first()).toContainText("QR");

    await page.getByLabel("Amount").fill("1.234");
    await page.getByRole("button", { name: "Create payment link" }).click();
    await expect(page.getByTestId("amount-error")).toHaveText("CNY has at most 2 decimals");
    const res = await page.request.post("/api/payment-links", {
      headers: { Origin: baseURL! },
      data: { kind: "hosted", vendor: "paypal", amount: 100, currency: "USD" },
    });
    expect(res.status()).toBe(422);
  });
});
