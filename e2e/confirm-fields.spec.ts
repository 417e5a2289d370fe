import { expect, test } from "@playwright/test";
import { openForm } from "./support/forms";
import { sandboxRequests } from "./support/sandbox";
import { storageStateFor } from "./support/users";

// Issue 32, item 3: confirm takes the charge's fields the spec's confirm accepts — the card
// holder's names, the consumer, the terminal's sections — checked against what the sandbox heard.

const run = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test.describe("confirm charge with the charge's sections (finance)", () => {
  test.use({ storageState: storageStateFor("finance") });

  test("card holder names, consumer and billing address reach the service at confirm", async ({ page }) => {
    const reference = `vt-confirm-${run()}`;
    await openForm(page, "/terminal");
    await page.getByLabel("Amount", { exact: true }).fill("50");
    await page.getByLabel("Payment method").selectOption("");
    await page.getByLabel("Reference (optional, generated when empty)").fill(reference);
    await page.getByRole("button", { name: "Charge" }).click();
    await expect(page.getByTestId("charge-result")).toContainText("Charge initiated");
    await page.getByTestId("charge-result").getByRole("link").click();

    const panel = page.getByTestId("confirm-panel");
    await panel.getByLabel("Card number").fill("4111 1111 1111 1111");
    await panel.getByLabel("Expiry (MM/YY)").fill("12/30");
    await panel.getByLabel("CVV").fill("123");
    await panel.getByLabel("First name", { exact: true }).fill("Vera");
    await panel.getByLabel("Last name", { exact: true }).fill("Lind");
    const customer = panel.getByRole("button", { name: "Customer", exact: true });
    if ((await customer.getAttribute("aria-expanded")) !== "true") await customer.click();
    await panel.getByLabel("Consumer first name").fill("Ola");
    await panel.getByLabel("Consumer email").fill("ola@example.com");
    const billing = panel.getByRole("button", { name: "Billing address", exact: true });
    if ((await billing.getAttribute("aria-expanded")) !== "true") await billing.click();
    await panel.getByLabel("Street", { exact: true }).fill("Main 1");
    await panel.getByLabel("Country (two letters)").fill("no");
    await panel.getByRole("button", { name: "Confirm charge" }).click();
    await expect(page.getByTestId("confirm-panel")).toHaveCount(0);

    const heard = (await sandboxRequests("/v1/charges/"))
      .reverse()
      .find((r) => (r.body.transaction as { reference?: string })?.reference === reference);
    expect(heard, "the sandbox heard the confirm").toBeTruthy();
    expect(heard!.body.payment).toMatchObject({
      method: "card",
      data: { pan: "****1111", expiry: "12/30", first_name: "Vera", last_name: "Lind" },
      billing_address: { street: "Main 1", country: "NO" },
    });
    expect(heard!.body.consumer).toEqual({ first_name: "Ola", email: "ola@example.com" });
    await expect(page.getByTestId("customer")).toContainText("Vera Lind");
    await expect(page.getByTestId("customer")).toContainText("ola@example.com");
  });
});
