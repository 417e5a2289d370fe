import { expect, test } from "@playwright/test";
import { openForm, requestsTo } from "./support/forms";
import { storageStateFor } from "./support/users";

// The form kit (components/form): every problem at its field, all at once, in words a person
// uses; money typed as text never crashes a page; card checks before anything is sent.

test.describe("forms (ops): split-order fees", () => {
  test.use({ storageState: storageStateFor("ops") });

  test("a fee such as 200.005, -5, abc or 1e5 is a message at its field; the page keeps what was typed", async ({
    page,
  }) => {
    // Typed once the form is hydrated: the field starts with the last location used (a value typed
    // into the server's HTML while React takes the page over came out doubled, "HANGZHOUHANGZHOU").
    await openForm(page, "/customs/new");
    await page.getByLabel("Customs location").fill("HANGZHOU");
    await page.getByLabel(/Split order/).check();
    await page.getByLabel("Sub-order 1 number").fill("SO-FORMS-1");
    const fee = page.getByLabel("Order fee (CNY)").first();
    for (const [typed, message] of [
      ["200.005", "CNY has at most 2 decimals"],
      ["-5", "The amount cannot be negative"],
      ["abc", "Enter an amount in CNY such as 19.99"],
      ["1e5", "Write the amount out in digits, such as 19.99"],
    ] as const) {
      await fee.fill(typed);
      await expect(page.getByTestId("sub-0-fee-error")).toHaveText(message);
      await expect(fee).toHaveAttribute("aria-invalid", "true");
      await expect(fee).toHaveAttribute("aria-describedby", /sub-0-fee-error/);
      await expect(fee).toHaveValue(typed);
      await expect(page.getByTestId("budget")).toBeVisible();
    }
    await expect(page.getByText("This page couldn't load")).toHaveCount(0);
    await expect(page.getByLabel("Sub-order 1 number")).toHaveValue("SO-FORMS-1");
    await expect(page.getByLabel("Customs location")).toHaveValue("HANGZHOU");
    await fee.fill("200.00");
    await expect(page.getByTestId("sub-0-fee-error")).toHaveCount(0);
    await expect(page.getByTestId("budget")).toContainText("CN¥200.00");
  });
});

test.describe("forms (admin): settings", () => {
  test.use({ storageState: storageStateFor("admin") });

  test("a bad URL and a negative time-out are both shown at their fields, without field paths", async ({
    page,
    baseURL,
  }) => {
    await openForm(page, "/settings");
    const patches = requestsTo(page, "/api/settings", "PATCH");
    await page.getByLabel("Payment API base URL").fill("not a url");
    await page.getByLabel("Payment API time-out (seconds)").fill("-5");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByTestId("upiBaseUrl-error")).toHaveText("Enter an http(s) URL");
    await expect(page.getByTestId("upiTimeout-error")).toHaveText("The payment API time-out is 1 to 120 seconds");
    const summary = page.getByTestId("form-problems");
    await expect(summary).toContainText("Enter an http(s) URL");
    await expect(summary).toContainText("The payment API time-out is 1 to 120 seconds");
    await expect(page.locator("body")).not.toContainText("upiBaseUrl:");
    expect(patches).toEqual([]);

    // The API itself answers every problem, each at its field, in the same words.
    const res = await page.request.patch("/api/settings", {
      headers: { Origin: baseURL! },
      data: { upiBaseUrl: "not a url", upiTimeoutMs: -5000 },
    });
    expect(res.status()).toBe(422);
    const { error } = await res.json();
    expect(error.details.fields).toEqual([
      { path: ["upiBaseUrl"], message: "Enter an http(s) URL" },
      { path: ["upiTimeoutMs"], message: "The payment API time-out is 1 to 120 seconds" },
    ]);
    expect(error.message).not.toMatch(/upiBaseUrl:|upiTimeoutMs:/);
  });
});

test.describe("forms (finance): virtual terminal", () => {
  test.use({ storageState: storageStateFor("finance") });

  test("a number failing its checksum and a past expiry get their own messages, and nothing is sent", async ({
    page,
  }) => {
    await openForm(page, "/terminal");
    const charges = requestsTo(page, "/api/charges");
    await expect(page.getByLabel("Currency")).toHaveJSProperty("tagName", "SELECT");
    await page.getByLabel("Currency").selectOption("EUR");
    await page.getByLabel("Amount").fill("12.00");
    await page.getByLabel("Card number").fill("4111 1111 1111 1112");
    await page.getByLabel("Expiry (MM/YY)").fill("01/20");
    await page.getByLabel("CVV").fill("123");
    await page.getByRole("button", { name: "Charge" }).click();
    await expect(page.getByTestId("card-pan-error")).toHaveText("This card number is not valid — check the digits");
    await expect(page.getByTestId("card-expiry-error")).toHaveText("This card has expired");
    await expect(page.getByLabel("Card number")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByTestId("form-problems")).toContainText("This card has expired");
    await expect(page.locator("body")).not.toContainText(/card\.pan:|another payment method/);
    expect(charges).toEqual([]);

    // Fixed, the same form charges.
    await page.getByLabel("Card number").fill("4111 1111 1111 1111");
    await page.getByLabel("Expiry (MM/YY)").fill("12/30");
    await page.getByRole("button", { name: "Charge" }).click();
    await expect(page.getByTestId("charge-result")).toContainText("€12.00");
    expect(charges).toHaveLength(1);
  });
});
