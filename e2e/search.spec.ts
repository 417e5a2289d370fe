import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { storageStateFor } from "./support/users";
import { sandboxCharge } from "./support/sandbox";

const run = Date.now().toString(36);

test.describe("global search (finance)", () => {
  test.use({ storageState: storageStateFor("finance") });

  test("a transaction id, part of a reference, a consumer reference, part of an email and a vault token each lead to their page", async ({
    page,
    request,
    baseURL,
  }) => {
    const c = await sandboxCharge({ reference: `e2e-search-${run}`, amount: 4200, currency: "USD" });
    expect(
      (await request.post("/api/transactions/import", { headers: { Origin: baseURL! }, data: { id: c.id } })).status(),
    ).toBe(201);
    const charged = await request.post("/api/charges", {
      headers: { Origin: baseURL!, "Idempotency-Key": randomUUID() },
      data: {
        amount: 1500,
        currency: "USD",
        method: "card",
        requestToken: true,
        consumer: { reference: `cust-${run}`, email: `buyer-${run}@shop.example` },
        card: { pan: "4111111111111111", expiry: "12/30", cvv: "123" },
      },
    });
    const charge = await charged.json();
    const token = charge.payment.token as string;

    await page.goto("/");
    const search = page.getByLabel("Search by id, reference, declare number or token");
    // The shortcut works once the page is hydrated: press it until it focuses the box.
    await expect(async () => {
      await page.keyboard.press("/");
      await expect(search).toBeFocused({ timeout: 500 });
    }).toPass({ timeout: 10_000 });
    await page.keyboard.type(c.id);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/transactions/${c.id}$`));

    await search.fill(`cust-${run}`);
    await search.press("Enter");
    // A consumer reference names a customer and their charge: both are offered (issue 22's customer page).
    await expect(page).toHaveURL(/\/search\?/);
    await expect(page.getByRole("link", { name: new RegExp(`/transactions/${charge.id}|${charge.id}`) })).toBeVisible();
    await page.getByRole("link", { name: `customer cust-${run}` }).click();
    await expect(page).toHaveURL(new RegExp(`/customers/cust-${run}$`));

    // A fragment of the reference, as people remember it (issue 20: only whole keys matched).
    // Searched from another page than its answer: from c's own page, the address was right
    // before the search had gone anywhere, and this step could not fail.
    await search.fill(`search-${run}`);
    await search.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/transactions/${c.id}$`));

    await search.fill(`BUYER-${run}@shop`);
    await search.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/transactions/${charge.id}$`));

    await search.fill(token);
    await search.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/vault/${token}$`));

    await search.fill(`nothing-${run}`);
    await search.press("Enter");
    await expect(page.getByTestId("no-results")).toContainText(`nothing-${run}`);
  });

  // CI once saw a search typed just after a navigation go nowhere: the box sent React's state, not
  // what the field held. Without scripts at all (before they run), the form goes to /search itself.
  test("a search typed before the page's scripts run still searches", async ({ browser }) => {
    const context = await browser.newContext({ storageState: storageStateFor("finance"), javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/transactions");
    const search = page.getByLabel("Search by id, reference, declare number or token");
    await search.fill(`nothing-early-${run}`);
    await search.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/search\\?q=nothing-early-${run}$`));
    await expect(page.getByTestId("no-results")).toContainText(`nothing-early-${run}`);
    await context.close();
  });
});
