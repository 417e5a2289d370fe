import { randomUUID } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { openForm } from "./support/forms";
import { heard, openSection, start } from "./support/terminal";
import { storageStateFor } from "./support/users";

// The terminal's sections (issue 32): each charge is checked against the body the sandbox heard
// (card number masked, no cvv), not against the console's own echo.

const run = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function fillCard(page: Page) {
  await page.getByLabel("Card number").fill("4111 1111 1111 1111");
  await page.getByLabel("Expiry (MM/YY)").fill("12/30");
  await page.getByLabel("CVV").fill("737");
}

async function fillLine(page: Page, i: number, l: Record<string, string>) {
  const line = page.getByTestId(`goods-line-${i}`);
  for (const [label, value] of Object.entries(l)) await line.getByLabel(label, { exact: true }).fill(value);
}

test.describe("virtual terminal: every field of the charge (finance)", () => {
  test.use({ storageState: storageStateFor("finance") });

  test("a klarna charge with three goods lines and a shipping address", async ({ page }) => {
    const reference = `vt-klarna-${run()}`;
    await start(page, { amount: "60.00", currency: "EUR", method: "klarna", reference });
    await expect(page.getByRole("button", { name: /^Items required/ })).toHaveAttribute("aria-expanded", "true");
    // Not without its lines: the terminal asks for them before anything is sent.
    await page.getByTestId("goods-line-0").getByRole("button", { name: "Remove line 1" }).click();
    await page.getByRole("button", { name: "Charge" }).click();
    await expect(page.getByTestId("form-problems")).toContainText("A klarna charge needs at least one goods line");
    await page.getByRole("button", { name: "Add a line" }).click();
    await fillLine(page, 0, {
      "Item name": "Green tea",
      SKU: "TEA-1",
      Quantity: "2",
      "Unit price": "15",
      "Line total": "30.00",
    });
    await page.getByRole("button", { name: "Add a line" }).click();
    await fillLine(page, 1, {
      "Item name": "Teapot",
      "Product page": "https://shop.example/teapot",
      Quantity: "1",
      "Unit price": "25.00",
      "Line total": "25.00",
      "Tax rate (2500 = 25%)": "1900",
      Tax: "3.99",
    });
    await page.getByRole("button", { name: "Add a line" }).click();
    await fillLine(page, 2, {
      "Item name": "Cups",
      Quantity: "1",
      "Unit price": "5",
      "Line total": "5",
      Discount: "0",
    });
    await openSection(page, "Shipping");
    await page.getByLabel("Recipient first name").fill("Ola");
    await page.getByLabel("Recipient last name").fill("Lind");
    await page.getByLabel("Street", { exact: true }).fill("Torstr. 5");
    await page.getByLabel("City").fill("Berlin");
    await page.getByLabel("Postal code").fill("10119");
    await page.getByLabel("Country (two letters)").fill("de");
    await page.getByLabel("Carrier").fill("DHL");
    await page.getByLabel("Tracking number").fill("JJD000390007");
    await page.getByLabel("Capture at once").check();

    await page.getByRole("button", { name: "Show request" }).click();
    const preview = page.getByTestId("request-preview");
    await expect(preview).toContainText('"unit_amount": 1500');
    await expect(preview).toContainText('"tracking": "JJD000390007"');

    await page.getByRole("button", { name: "Charge" }).click();
    await expect(page.getByTestId("charge-result")).toContainText("Charge succeeded");
    const body = await heard(reference);
    expect(body.transaction).toMatchObject({ amount: 6000, currency: "EUR", auto_capture: true });
    expect(body.goods).toEqual({
      data: [
        { name: "Green tea", sku: "TEA-1", quantity: 2, unit_amount: 1500, total_amount: 3000 },
        {
          name: "Teapot",
          url: "https://shop.example/teapot",
          quantity: 1,
          unit_amount: 2500,
          total_amount: 2500,
          total_tax_rate: 1900,
          total_tax_amount: 399,
        },
        { name: "Cups", quantity: 1, unit_amount: 500, total_amount: 500, total_discount_amount: 0 },
      ],
      shipping: {
        first_name: "Ola",
        last_name: "Lind",
        street: "Torstr. 5",
        city: "Berlin",
        zip: "10119",
        country: "DE",
      },
    });
    expect(body.shipping_address).toEqual({
      vendor: "DHL",
      tracking: "JJD000390007",
      street: "Torstr. 5",
      city: "Berlin",
      zip: "10119",
      country: "DE",
    });
  });

  test("a card charge with billing address, consumer and 3-D Secure data", async ({ page, baseURL }) => {
    const reference = `vt-card3ds-${run()}`;
    await start(page, { amount: "25.00", currency: "USD", method: "card", reference });
    await fillCard(page);
    await openSection(page, "Customer");
    await page.getByLabel("Consumer first name").fill("Vera");
    await page.getByLabel("Consumer last name").fill("Lind");
    await page.getByLabel("Consumer email").fill("vera@example.com");
    await page.getByLabel("Consumer phone").fill("+1 415 555 0100");
    await openSection(page, "Billing address");
    await page.getByLabel("Street", { exact: true }).fill("1 Market St");
    await page.getByLabel("Street, second line").fill("Suite 200");
    await page.getByLabel("City").fill("San Francisco");
    await page.getByLabel("State or province").fill("CA");
    await page.getByLabel("Postal code").fill("94105!");
    await page.getByLabel("Country (two letters)").fill("us");
    await openSection(page, "Authentication (3-D Secure)");
    await page.getByLabel("3-D Secure indicator (ECI)").fill("05");
    await page.getByLabel("Authentication value").fill("AAABBJg0VhI0VniQEjRWAAAAAAA=");
    await page.getByLabel("3-D Secure version").fill("2.2.0");
    await page.getByLabel("3-D Secure transaction id").fill("ds-77");
    await openSection(page, "Advanced");
    await page.getByLabel("Language of the payment (locale)").fill("en-US");
    await page.getByLabel("Authentication indicator").fill("authenticated ecommerce");
    await page.getByLabel("Tax or identity document id").fill("ID-4455");

    // A bad postal code is refused at its field, naming the spec's field; nothing is sent.
    await page.getByRole("button", { name: "Charge" }).click();
    await expect(page.getByTestId("billingAddress-zip-error")).toContainText("payment.billing_address.zip");
    await page.getByLabel("Postal code").fill("94105");

    await page.getByRole("button", { name: "Show request" }).click();
    const preview = page.getByTestId("request-preview");
    await expect(preview).toContainText('"pan": "****1111"');
    await expect(preview).not.toContainText("4111111111111111");
    await expect(preview).not.toContainText("cvv");
    await expect(preview).toContainText('"3ds1"');

    await page.getByRole("button", { name: "Charge" }).click();
    await expect(page.getByTestId("charge-result")).toContainText("Charge authorized");
    const body = await heard(reference);
    expect(body.transaction).toMatchObject({ locale: "en-US" });
    expect(body.payment).toMatchObject({
      method: "card",
      indicator: "authenticated ecommerce",
      data: { pan: "****1111", expiry: "12/30" },
      billing_address: {
        street: "1 Market St",
        street2: "Suite 200",
        city: "San Francisco",
        state: "CA",
        zip: "94105",
        country: "US",
      },
      "3ds1": { indicator: "05", authentication: "AAABBJg0VhI0VniQEjRWAAAAAAA=", version: "2.2.0", tranx_id: "ds-77" },
    });
    expect(body.consumer).toEqual({
      first_name: "Vera",
      last_name: "Lind",
      phone: "+1 415 555 0100",
      email: "vera@example.com",
      ext_data: { document_id: "ID-4455" },
    });

    // The API refuses the same field with a 422 that names it, for the form to put it back there.
    const res = await page.request.post("/api/charges", {
      headers: { Origin: baseURL!, "Idempotency-Key": randomUUID() },
      data: { amount: 100, currency: "USD", method: "klarna", billingAddress: { country: "USA" } },
    });
    expect(res.status()).toBe(422);
    const fields = (await res.json()).error.details.fields as { path: string[]; message: string }[];
    expect(fields[0]!.path).toEqual(["billingAddress", "country"]);
    expect(fields[0]!.message).toContain("payment.billing_address.country");
  });

  test("a wallet charge with return URLs and payment.client mobile_browser", async ({ page }) => {
    const reference = `vt-wallet-${run()}`;
    await start(page, { amount: "300", currency: "JPY", method: "alipay", reference });
    await expect(page.getByRole("button", { name: "Authentication (3-D Secure)" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Billing address" })).toHaveCount(0);
    await openSection(page, "Return URLs");
    await page.getByLabel("After a successful payment").fill("https://shop.example/paid");
    await page.getByLabel("After a failed payment").fill("https://shop.example/failed");
    await page.getByLabel("After the customer cancels").fill("https://shop.example/cart");
    await page.getByLabel("Back to the mobile app or site").fill("https://m.shop.example/back");
    await openSection(page, "Device and client");
    await page.getByLabel("Mobile browser").check();
    await page.getByLabel("Device IP address").fill("203.0.113.9");
    await page.getByLabel("Client app", { exact: true }).fill("shop-web");
    await page.getByLabel("Client app version").fill("4.2.1");
    await openSection(page, "Advanced");
    await page.getByLabel("Time-out").fill("1200");
    await page.getByRole("button", { name: "Charge" }).click();
    await expect(page.getByTestId("charge-result")).toContainText("Charge initiated");
    const body = await heard(reference);
    expect(body.payment).toEqual({ method: "alipay", timeout: 1200, client: ["mobile_browser"] });
    expect(body.urls).toMatchObject({
      success: "https://shop.example/paid",
      fail: "https://shop.example/failed",
      cancel: "https://shop.example/cart",
      mobile: "https://m.shop.example/back",
    });
    expect(body.ext).toEqual({ device: { ip: "203.0.113.9" }, client: { app: "shop-web", version: "4.2.1" } });
  });

  test("a charge that vaults the card (request_token), and a later charge paying with that token", async ({ page }) => {
    const first = `vt-vault-${run()}`;
    await start(page, { amount: "10.00", currency: "USD", method: "card", reference: first });
    await fillCard(page);
    await page.getByLabel("Store the card in the vault").check();
    await page.getByRole("button", { name: "Charge" }).click();
    await expect(page.getByTestId("charge-result")).toContainText("Charge authorized");
    expect((await heard(first)).payment).toMatchObject({ request_token: true, data: { pan: "****1111" } });
    const stored = page.getByTestId("charge-vault-token");
    const token = await stored.getAttribute("data-token");
    expect(token).toMatch(/^vt_/);

    await stored.getByRole("link", { name: "Charge this card" }).click();
    await expect(page.getByLabel("Or pay with a vault token")).toHaveValue(token!);
    const second = `vt-token-${run()}`;
    await page.getByLabel("Amount", { exact: true }).fill("12.00");
    await page.getByLabel("Reference (optional, generated when empty)").fill(second);
    await page.getByRole("button", { name: "Charge" }).click();
    await expect(page.getByTestId("charge-result")).toContainText("Charge authorized");
    expect((await heard(second)).payment).toEqual({ method: "card", token });
  });

  test("the first screen of a simple card charge is as it was; sections are remembered and follow the method", async ({
    page,
  }) => {
    await openForm(page, "/terminal");
    for (const label of ["Amount", "Currency", "Country", "Payment method", "Card number", "Expiry (MM/YY)", "CVV"])
      await expect(page.getByLabel(label, { exact: true })).toBeVisible();
    await expect(page.getByLabel("Reference (optional, generated when empty)")).toBeVisible();
    await expect(page.getByLabel("Capture at once")).toBeVisible();
    await expect(page.locator('[id^="section-"][id$="-body"]')).toHaveCount(0);
    const methods = await page
      .getByLabel("Payment method")
      .locator("option")
      .evaluateAll((o) => o.map((e) => (e as HTMLOptionElement).value));
    expect(methods).toEqual(["alipay", "wechatpay", "upop", "naverpay", "card", "klarna", "kakaopay", "payco", ""]);
    await expect(page.getByRole("button", { name: "Return URLs" })).toHaveCount(0);

    await openSection(page, "Shipping");
    await page.reload();
    await expect(page.getByRole("button", { name: "Shipping", exact: true })).toHaveAttribute("aria-expanded", "true");
    await page.getByRole("button", { name: "Shipping", exact: true }).click();
    await page.reload();
    await expect(page.getByRole("button", { name: "Shipping", exact: true })).toHaveAttribute("aria-expanded", "false");
  });
});
