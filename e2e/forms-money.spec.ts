import { expect, test } from "@playwright/test";
import { openForm, requestsTo } from "./support/forms";
import { storageStateFor } from "./support/users";

// The money forms on the form kit: card checks (Luhn, a past expiry, the CVV) with their own
// messages before anything is sent, amounts read in their currency, a currency select, and a
// server's field problems put back on the fields they name.

test.describe("forms (finance): money", () => {
  test.use({ storageState: storageStateFor("finance") });

  test("confirm a charge: a bad amount, a number failing its checksum and a past expiry, each at its field", async ({
    page,
  }) => {
    await openForm(page, "/terminal");
    await page.getByLabel("Amount").fill("50");
    await page.getByLabel("Payment method").selectOption("");
    await page.getByRole("button", { name: "Charge" }).click();
    await page.getByTestId("charge-result").getByRole("link").click();
    const panel = page.getByTestId("confirm-panel");
    await expect(page.getByRole("button", { name: "Sign out" })).toBeEnabled();
    const confirms = requestsTo(page, /\/api\/charges\/[^/]+\/confirm$/);
    await panel.getByLabel("Amount (USD)").fill("55.555");
    await panel.getByLabel("Card number").fill("4111 1111 1111 1112");
    await panel.getByLabel("Expiry (MM/YY)").fill("01/20");
    await panel.getByLabel("CVV").fill("123");
    await panel.getByRole("button", { name: "Confirm charge" }).click();
    await expect(page.getByTestId("confirm-amount-error")).toHaveText("USD has at most 2 decimals");
    await expect(page.getByTestId("confirm-pan-error")).toHaveText("This card number is not valid — check the digits");
    await expect(page.getByTestId("confirm-expiry-error")).toHaveText("This card has expired");
    await expect(panel).not.toContainText(/card\.pan:|another payment method/);
    expect(confirms).toEqual([]);

    await panel.getByLabel("Amount (USD)").fill("55.25");
    await panel.getByLabel("Card number").fill("4111 1111 1111 1111");
    await panel.getByLabel("Expiry (MM/YY)").fill("12/30");
    await panel.getByRole("button", { name: "Confirm charge" }).click();
    await expect(page.getByTestId("confirm-panel")).toHaveCount(0);
    await expect(page.getByTestId("amounts")).toContainText("$55.25");
    expect(confirms).toHaveLength(1);
  });

  test("add a card to the vault: Luhn, expiry, CVV and holder checked at once, nothing sent", async ({ page }) => {
    await openForm(page, "/vault");
    const posts = requestsTo(page, "/api/vault");
    await page.getByRole("button", { name: "Add a card…" }).click();
    await page.getByLabel("Card number").fill("4111 1111 1111 1112");
    await page.getByLabel("Expiry (MM/YY)").fill("01/20");
    await page.getByLabel("CVV").fill("12");
    await page.getByRole("button", { name: "Store the card" }).click();
    await expect(page.getByTestId("vault-pan-error")).toHaveText("This card number is not valid — check the digits");
    await expect(page.getByTestId("vault-expiry-error")).toHaveText("This card has expired");
    await expect(page.getByTestId("vault-cvv-error")).toHaveText("The CVV has 3 or 4 digits");
    await expect(page.getByTestId("vault-first-error")).toHaveText("Enter the card holder's first name");
    await expect(page.getByTestId("form-problems")).toContainText("5 things to fix");
    await expect(page.getByTestId("add-card-form")).not.toContainText(/card\.pan:|declined/);
    expect(posts).toEqual([]);
  });

  test("a payment link: the currency is a select, the amount is read in it, and a server problem lands on its field", async ({
    page,
  }) => {
    await openForm(page, "/payment-links");
    const posts = requestsTo(page, "/api/payment-links");
    await expect(page.getByLabel("Currency")).toHaveJSProperty("tagName", "SELECT");
    await page.getByLabel("Currency").selectOption("JPY");
    await page.getByLabel("Amount").fill("100.5");
    await page.getByRole("button", { name: "Create payment link" }).click();
    await expect(page.getByTestId("amount-error")).toHaveText("JPY has no decimals");
    expect(posts).toEqual([]);

    // The server's 422 names the field; the form shows it there, in its words.
    await page.route("**/api/payment-links", (route) =>
      route.fulfill({
        status: 422,
        contentType: "application/json",
        body: JSON.stringify({
          error: {
            code: "unprocessable_entity",
            message: "This reference is already taken",
            details: { fields: [{ path: ["reference"], message: "This reference is already taken" }] },
          },
        }),
      }),
    );
    await page.getByLabel("Amount").fill("100");
    await page.getByLabel("Reference (optional)").fill("taken-ref");
    await page.getByRole("button", { name: "Create payment link" }).click();
    await expect(page.getByTestId("reference-error")).toHaveText("This reference is already taken");
    await expect(page.getByLabel("Reference (optional)")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByTestId("link-error")).toHaveCount(0);
  });
});
