import { expect, test } from "@playwright/test";
import { storageStateFor } from "./support/users";
import { sandboxCharge, sandboxRequests } from "./support/sandbox";

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
    // Paid: nobody is sent the link again, so it no longer offers Copy or its QR code.
    await expect(card.getByTestId("row-actions")).toHaveText("Closed: nothing to send");
    await expect(card.getByRole("button", { name: "QR" })).toHaveCount(0);
    await card.getByRole("link", { name: "transaction" }).click();
    await expect(page.getByTestId("amounts")).toContainText("$100.00");
    // Whichever told the console first (the link's follower, or the service's notification of
    // the charge), the transaction carries the link's CNY amount and its method.
    await expect(page.getByText("CN¥710.00")).toBeVisible();
    await expect(page.getByText("Alipay", { exact: true })).toBeVisible();
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

test.describe("every payment-link kind (finance)", () => {
  test.use({ storageState: storageStateFor("finance") });
  /** What the sandbox heard on one endpoint for a reference, the notification URL aside (it follows the settings). */
  const heardBy = async (path: string, reference: string) =>
    (await sandboxRequests(path))
      .filter((r) => r.path === path && r.body?.reference === reference)
      .map(({ body: { ipn_url: _ipn, ...sent } }) => sent);

  test("/payment/pay: made with its return URL, paid on the sandbox page, followed to succeeded with its CNY amount", async ({
    page,
  }) => {
    const reference = `pay-${Date.now().toString(36)}`;
    await page.goto("/payment-links");
    await page.getByLabel("Kind").selectOption("pay");
    await expect(page.getByText("/payment/pay", { exact: true })).toBeVisible();
    await page.getByLabel("Amount").fill("100");
    await page.getByLabel("Reference (optional)").fill(reference);
    await page.getByTestId("link-return-section").getByRole("heading").click();
    await page.getByLabel("Return URL", { exact: true }).fill("https://shop.example/orders/back");
    await page.getByRole("button", { name: "Create payment link" }).click();
    const card = page.getByTestId("payment-link").filter({ hasText: reference });
    await expect(card).toContainText("initiated");
    await expect(card).toContainText("payment page");
    await expect(card.getByTestId("link-asked")).toHaveText("Returns to https://shop.example/orders/back");
    expect(await heardBy("/payment/pay", reference)).toEqual([
      {
        vendor: "alipay",
        amount: "10000",
        currency: "USD",
        reference,
        amount_CNY: "yes",
        callback_url: "https://shop.example/orders/back",
      },
    ]);

    const url = await card.getByLabel(`Link for ${reference}`).inputValue();
    const customer = await page.context().browser()!.newPage();
    await customer.goto(url);
    await customer.getByRole("button", { name: /Pay 100\.00 USD/ }).click();
    await expect(customer.getByText("Payment completed")).toBeVisible();
    await expect(customer.getByRole("link", { name: "Return to the shop" })).toHaveAttribute(
      "href",
      "https://shop.example/orders/back",
    );
    await customer.close();

    await expect(card).toContainText("succeeded", { timeout: 15_000 });
    await expect(card).toContainText("CN¥710.00");
    // Paid: nobody is sent the link again, so it no longer offers Copy or its QR code.
    await expect(card.getByTestId("row-actions")).toHaveText("Closed: nothing to send");
    await expect(card.getByRole("button", { name: "QR" })).toHaveCount(0);
    await card.getByRole("link", { name: "transaction" }).click();
    await expect(page.getByTestId("amounts")).toContainText("$100.00");
    await expect(page.getByText("CN¥710.00")).toBeVisible();
  });

  test("a hosted page with its three return URLs and allow_duplicates, for a reference the service knows already", async ({
    page,
  }) => {
    const reference = `chop-dup-${Date.now().toString(36)}`;
    // The order's earlier charge, made elsewhere, holds the reference.
    await sandboxCharge({ reference, amount: 500, currency: "USD" });
    await page.goto("/payment-links");
    await page.getByLabel("Wallet").selectOption("wechatpay");
    await page.getByLabel("Amount").fill("25");
    await page.getByLabel("Reference (optional)").fill(reference);
    const section = page.getByTestId("link-return-section");
    await section.getByRole("heading").click();
    await section.getByLabel("Return URL after payment").fill("https://shop.example/ok");
    await section.getByLabel("Return URL after a failed payment").fill("https://shop.example/ko");
    await section.getByLabel("Result page on mobile").fill("https://m.shop.example/result");
    await section.getByLabel("Allow a reference the service already knows").check();
    await page.getByRole("button", { name: "Create payment link" }).click();
    const card = page.getByTestId("payment-link").filter({ hasText: reference });
    await expect(card).toContainText("hosted page");
    await expect(card.getByTestId("link-asked")).toContainText("After payment, returns to https://shop.example/ok");
    await expect(card.getByTestId("link-asked")).toContainText("Reference the service knows already: allowed");
    expect(await heardBy("/chop/chop", reference)).toEqual([
      {
        payment_method: "wechatpay",
        amount: "2500",
        currency: "USD",
        reference,
        amount_CNY: "yes",
        callback_url_success: "https://shop.example/ok",
        callback_url_fail: "https://shop.example/ko",
        mobile_result_url: "https://m.shop.example/result",
        allow_duplicates: "yes",
      },
    ]);
  });
});
