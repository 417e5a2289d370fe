import { randomUUID } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { openForm } from "./support/forms";
import { openSection } from "./support/terminal";
import { storageStateFor } from "./support/users";

/** klarna is charged from the terminal with its goods (issue 32): one line, the whole amount. */
async function fillGoodsLine(page: Page) {
  const line = page.getByTestId("goods-line-0");
  await line.getByLabel("Item name", { exact: true }).fill("Order");
  await line.getByLabel("Unit price", { exact: true }).fill("45.50");
  await line.getByLabel("Line total", { exact: true }).fill("45.50");
}

test.describe("virtual terminal (finance)", () => {
  test.use({ storageState: storageStateFor("finance") });

  test("charges a card, authorize only, and the charge is in the ledger with the masked pan", async ({ page }) => {
    await openForm(page, "/terminal");
    await page.getByLabel("Amount").fill("19.99");
    await expect(page.getByText("Will charge $19.99.")).toBeVisible();
    await expect(page.getByTestId("consult")).toContainText("3 ×");
    await page.getByLabel("Card number").fill("4111 1111 1111 1111");
    await page.getByLabel("Expiry (MM/YY)").fill("12/30");
    await page.getByLabel("CVV").fill("123");
    await page.getByRole("button", { name: "Charge" }).click();
    const result = page.getByTestId("charge-result");
    await expect(result).toContainText("Charge authorized");
    await expect(result).toContainText("411111******1111");
    await result.getByRole("link").click();
    await expect(page.getByTestId("amounts")).toContainText("$19.99");
    await expect(page.getByTestId("timeline")).toContainText("Charge created by");
  });

  test("amounts read in the currency's major units, and the spec's names only behind Show API names, remembered", async ({
    page,
  }) => {
    await openForm(page, "/terminal");
    await page.getByLabel("Amount").fill("1200");
    await expect(page.getByText("Will charge $1,200.00.")).toBeVisible();
    await page.getByLabel("Currency").selectOption("JPY");
    await expect(page.getByText(/Will charge .*1,200\.$/)).toBeVisible();
    await expect(page.getByRole("main")).not.toContainText("minor units");
    await expect(page.getByRole("main")).not.toContainText("120000");

    const names = page.getByRole("switch", { name: "Show API names" });
    await expect(names).not.toBeChecked();
    await openSection(page, "Advanced");
    const advanced = page.getByTestId("section-advanced");
    await expect(advanced.getByLabel("Language of the payment (locale)")).toBeVisible();
    await expect(advanced).not.toContainText("transaction.locale");
    await expect(page.getByTestId("section-threeDs")).not.toContainText("payment.3ds1");
    await names.check();
    await expect(advanced.getByText("transaction.locale", { exact: true })).toBeVisible();
    await expect(page.getByTestId("section-threeDs")).toContainText("payment.3ds1: indicator");
    // Remembered for this person, like the sections they keep open.
    await page.reload();
    await expect(page.getByRole("switch", { name: "Show API names" })).toBeChecked();
    await expect(page.getByTestId("section-advanced").getByText("transaction.locale", { exact: true })).toBeVisible();
    await page.getByRole("switch", { name: "Show API names" }).uncheck();
    await expect(page.getByTestId("section-advanced")).not.toContainText("transaction.locale");
  });

  test("an alipay charge shows its payment links and a QR code; klarna captures at once", async ({ page }) => {
    await openForm(page, "/terminal");
    await page.getByLabel("Amount").fill("88");
    await page.getByLabel("Payment method").selectOption("alipay");
    await page.getByRole("button", { name: "Charge" }).click();
    await expect(page.getByTestId("charge-result")).toContainText("Charge initiated");
    await expect(page.getByTestId("payment-links").locator("svg")).toHaveCount(1);

    await openForm(page, "/terminal");
    await page.getByLabel("Amount").fill("45.50");
    await page.getByLabel("Currency").selectOption("EUR");
    await page.getByLabel("Payment method").selectOption("klarna");
    await fillGoodsLine(page);
    await page.getByLabel("Capture at once").check();
    await page.getByRole("button", { name: "Charge" }).click();
    await expect(page.getByTestId("charge-result")).toContainText("Charge succeeded");
  });

  test("bad input gets a clear error and creates nothing", async ({ page, baseURL }) => {
    const before = (await (await page.request.get("/api/transactions?limit=200")).json()).rows.length;
    await openForm(page, "/terminal");
    await page.getByLabel("Amount").fill("19.999");
    await page.getByRole("button", { name: "Charge" }).click();
    await expect(page.getByTestId("amount-error")).toHaveText("USD has at most 2 decimals");
    await page.getByLabel("Amount").fill("10");
    await page.getByLabel("Currency").selectOption("JPY");
    await page.getByLabel("Amount").fill("10.5");
    await expect(page.getByTestId("amount-error")).toHaveText("JPY has no decimals");

    const post = (data: unknown) =>
      page.request.post("/api/charges", { headers: { Origin: baseURL!, "Idempotency-Key": randomUUID() }, data });
    for (const [data, message] of [
      [{ amount: 0, currency: "USD", method: "klarna" }, "more than zero"],
      [{ amount: -5, currency: "USD", method: "klarna" }, "more than zero"],
      [{ amount: 19.99, currency: "USD", method: "klarna" }, "whole number"],
      [{ amount: 100, currency: "XYZ", method: "klarna" }, "Unknown currency"],
      [{ amount: 100, currency: "USD", method: "bitcoin" }, "Unknown payment method"],
      [{ amount: 100, currency: "USD", method: "card" }, "card details"],
    ] as const) {
      const res = await post(data);
      expect(res.status()).toBe(422);
      expect((await res.json()).error.message).toContain(message);
    }
    const declined = await post({
      amount: 100,
      currency: "USD",
      method: "card",
      card: { pan: "4000000000000002", expiry: "12/30", cvv: "123" },
    });
    expect(declined.status()).toBe(422);
    const body = JSON.stringify(await declined.json());
    expect(body).toContain("Charge failed");
    expect(body).not.toContain("4000000000000002");
    expect((await (await page.request.get("/api/transactions?limit=200")).json()).rows.length).toBe(before);
  });
});

test.describe("virtual terminal (ops)", () => {
  test.use({ storageState: storageStateFor("ops") });

  test("ops sees the list but not the terminal", async ({ page, baseURL }) => {
    expect((await page.goto("/terminal"))?.status()).toBe(403);
    const res = await page.request.post("/api/charges", {
      headers: { Origin: baseURL! },
      data: { amount: 100, currency: "USD", method: "klarna" },
    });
    expect(res.status()).toBe(403);
    await page.goto("/transactions");
    await expect(page.getByRole("link", { name: "Virtual terminal" })).toHaveCount(0);
  });
});

test.describe("confirm charge (finance)", () => {
  test.use({ storageState: storageStateFor("finance") });

  test("a charge created without a method is confirmed later with a card and a new amount", async ({ page }) => {
    await openForm(page, "/terminal");
    await page.getByLabel("Amount").fill("50");
    await page.getByLabel("Payment method").selectOption("");
    await page.getByRole("button", { name: "Charge" }).click();
    await expect(page.getByTestId("charge-result")).toContainText("Charge initiated");
    await page.getByTestId("charge-result").getByRole("link").click();
    const panel = page.getByTestId("confirm-panel");
    await panel.getByLabel("Amount (USD)").fill("55.25");
    await panel.getByLabel("Card number").fill("4111111111111111");
    await panel.getByLabel("Expiry (MM/YY)").fill("12/30");
    await panel.getByLabel("CVV").fill("123");
    await panel.getByRole("button", { name: "Confirm charge" }).click();
    await expect(page.getByTestId("confirm-panel")).toHaveCount(0);
    await expect(page.getByTestId("amounts")).toContainText("$55.25");
    await expect(page.getByTestId("timeline")).toContainText("Charge confirmed by");
  });
});

test.describe("charges from the terminal in the list (finance)", () => {
  test.use({ storageState: storageStateFor("finance") });

  test("card, alipay and klarna charges are found by method and search, and exported", async ({ page }) => {
    // Three charges through the page, two lists and an export: about 30 s on a busy 2-core machine.
    test.setTimeout(60_000);
    const run = Date.now().toString(36);
    const make = async (method: string, amount: string, currency: string, extra?: () => Promise<void>) => {
      await openForm(page, "/terminal");
      await page.getByLabel("Amount").fill(amount);
      await page.getByLabel("Currency").selectOption(currency);
      await page.getByLabel("Payment method").selectOption(method);
      await page.getByLabel("Reference (optional, generated when empty)").fill(`vt-${method}-${run}`);
      await extra?.();
      await page.getByRole("button", { name: "Charge" }).click();
      await expect(page.getByTestId("charge-result")).toContainText(`vt-${method}-${run}`);
    };
    await make("card", "12.50", "USD", async () => {
      await page.getByLabel("Card number").fill("5555555555554444");
      await page.getByLabel("Expiry (MM/YY)").fill("11/29");
      await page.getByLabel("CVV").fill("321");
    });
    await make("alipay", "300", "JPY");
    await make("klarna", "45.50", "EUR", () => fillGoodsLine(page));

    await page.goto("/transactions?method=klarna");
    await expect(page.getByTestId("transaction-row").filter({ hasText: `vt-klarna-${run}` })).toHaveCount(1);
    await expect(page.getByTestId("transaction-row").filter({ hasText: `vt-card-${run}` })).toHaveCount(0);
    await page.goto("/transactions");
    await page.getByLabel("Search by id, reference or consumer reference").fill(`vt-alipay-${run}`);
    await expect(page.getByTestId("transaction-row")).toHaveCount(1);
    await expect(page.getByTestId("transaction-row")).toContainText("¥300");

    const csv = await (await page.request.get(`/api/transactions/export.csv?q=vt-card-${run}`)).text();
    const lines = csv.trim().split("\n");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`vt-card-${run}`);
    expect(lines[1]).toContain(",USD,12.50,");
    expect(lines[1]).toContain("555555******4444");
    expect(csv).not.toContain("5555555555554444");

    await page.getByTestId("transaction-row").getByRole("link").click();
    await expect(page).toHaveURL(/\/transactions\/\d+$/);
    await expect(page.getByTestId("amounts")).toContainText("¥300");
    // The alipay charge waits for its consumer: its page keeps the links the charge returned.
    await expect(page.getByTestId("payment-links")).toContainText("desktop · qr");
  });
});

test.describe("the terminal's answer is where the person is (issue 50)", () => {
  test.use({ storageState: storageStateFor("finance") });

  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    test(`at ${viewport.width} px the result appears beside Charge and takes focus; a new charge starts clean`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await page.goto("/terminal");
      await expect(page.locator('form[data-kit-form="ready"]')).toBeVisible();
      await page.getByLabel("Amount").fill("19.99");
      await expect(page.getByTestId("consult")).toContainText("3 ×");
      const submit = page.getByRole("button", { name: "Charge" });
      // On a phone the installment plans come before the button that charges.
      const plans = await page.getByTestId("consult").boundingBox();
      expect(plans!.y).toBeLessThan((await submit.boundingBox())!.y);
      await page.getByLabel("Card number").fill("4111 1111 1111 1111");
      await page.getByLabel("Expiry (MM/YY)").fill("12/30");
      await page.getByLabel("CVV").fill("123");
      await submit.click();
      const result = page.getByTestId("charge-result");
      await expect(result).toContainText("Charge authorized");
      await expect(result).toBeInViewport();
      await expect(result.locator("xpath=..")).toBeFocused();

      await result.getByRole("button", { name: "New charge" }).click();
      await expect(result).toBeHidden();
      await expect(page.getByLabel("Amount")).toBeFocused();
      await expect(page.getByLabel("Amount")).toHaveValue("");
    });
  }

  test("a declined card's answer takes focus beside the button", async ({ page }) => {
    await openForm(page, "/terminal");
    await page.getByLabel("Amount").fill("5");
    await page.getByLabel("Card number").fill("4000 0000 0000 0002");
    await page.getByLabel("Expiry (MM/YY)").fill("12/30");
    await page.getByLabel("CVV").fill("123");
    await page.getByRole("button", { name: "Charge" }).click();
    const error = page.getByTestId("charge-error");
    await expect(error).toBeVisible();
    await expect(error).toBeInViewport();
    await expect(error.locator("xpath=..")).toBeFocused();
  });
});
