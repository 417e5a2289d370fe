import { expect, test } from "@playwright/test";
import { sandboxRequests } from "./support/sandbox";
import { heard, start } from "./support/terminal";
import { storageStateFor } from "./support/users";

// Issue 32, item 2: the consult is asked with the charge as typed (country, client and device
// too), an offer chosen from it is sent as the charge's installments — checked against what the
// sandbox heard — and the charge's page shows the plan that was sent.

const run = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test.describe("virtual terminal: installments from the consult (finance)", () => {
  test.use({ storageState: storageStateFor("finance") });

  test("a plan chosen from the consult is charged, heard by the service and shown on the charge", async ({ page }) => {
    const reference = `vt-plan-${run()}`;
    await start(page, { amount: "120.00", currency: "USD", method: "card", reference });
    await page.getByLabel("Country", { exact: true }).fill("SG");
    await page.getByLabel("Card number").fill("4111 1111 1111 1111");
    await page.getByLabel("Expiry (MM/YY)").fill("12/30");
    await page.getByLabel("CVV").fill("737");
    const consult = page.getByTestId("consult");
    await consult.getByLabel("Consumer's device").selectOption("ios");
    await consult.getByRole("button", { name: "Choose 6 payments" }).click();
    await expect(consult.getByRole("button", { name: "Choose 6 payments" })).toHaveAttribute("aria-pressed", "true");
    // The consumer's cost, before anything is sent.
    await expect(page.getByTestId("consumer-cost")).toHaveText("The consumer pays 6 × $20.00, $120.00 in all.");

    const asked = (await sandboxRequests("/v1/consults")).map((r) => r.query);
    expect(asked).toContainEqual({ method: "card", amount: "12000", currency: "USD", country: "SG", device: "ios" });

    await page.getByRole("button", { name: "Installments", exact: true }).click();
    await expect(page.getByLabel("Number of payments")).toHaveValue("6");
    await page.getByRole("button", { name: "Show request" }).click();
    await expect(page.getByTestId("request-preview")).toContainText('"payment_number": 6');

    await page.getByRole("button", { name: "Charge" }).click();
    await expect(page.getByTestId("charge-result")).toContainText("Charge authorized");
    expect((await heard(reference)).installments).toEqual({ payment_number: 6, quantity: 6 });

    await page.getByRole("link", { name: /^Open transaction / }).click();
    await expect(page.getByTestId("installments-sent")).toHaveText("6 payments");
  });

  test("an alipay+ promotion chosen from the consult goes in installments.promo[]", async ({ page }) => {
    const reference = `vt-promo-${run()}`;
    await start(page, { amount: "200.00", currency: "CNY", method: "alipay", reference });
    await page.getByRole("button", { name: "Device and client", exact: true }).click();
    await page.getByLabel("Mobile browser").check();
    const consult = page.getByTestId("consult");
    await consult.getByRole("button", { name: "Choose promotion SANDBOX5" }).click();
    await expect(consult.getByTestId("promotion")).toContainText("Balance");
    await expect(page.getByTestId("consumer-cost")).toHaveText("Promotion SANDBOX5 applied.");
    const asked = (await sandboxRequests("/v1/consults")).map((r) => r.query);
    expect(asked).toContainEqual({ method: "alipay+", amount: "20000", currency: "CNY", client: "mobile_browser" });

    await page.getByRole("button", { name: "Charge" }).click();
    await expect(page.getByTestId("charge-result")).toContainText("Charge initiated");
    expect((await heard(reference)).installments).toEqual({ promo: ["SANDBOX5"] });
    await page.getByRole("link", { name: /^Open transaction / }).click();
    await expect(page.getByTestId("installments-sent")).toHaveText("promotion SANDBOX5");
  });
});
