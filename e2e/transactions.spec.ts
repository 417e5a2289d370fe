import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { storageStateFor } from "./support/users";
import { sandboxCall, sandboxCharge } from "./support/sandbox";

const run = Date.now().toString(36);

test.describe("transactions (finance)", () => {
  test.use({ storageState: storageStateFor("finance") });

  test("imports charges by id, finds them by filter and search, exports exactly the filtered rows, opens the detail", async ({
    page,
  }) => {
    const card = await sandboxCharge({ reference: `e2e-card-${run}`, amount: 1999, currency: "USD" });
    await sandboxCall("POST", "/v1/captures", {
      id: card.id,
      reference: `e2e-card-${run}-cap`,
      transaction_amount: 1500,
    });
    const yen = await sandboxCharge({
      reference: `e2e-yen-${run}`,
      amount: 5000,
      currency: "JPY",
      autoCapture: true,
      country: "JP",
    });

    await page.goto("/transactions");
    for (const id of [card.id, yen.id]) {
      await page.getByLabel("Transaction id to import").fill(id);
      await page.getByRole("button", { name: "Import" }).click();
      await expect(page).toHaveURL(new RegExp(`/transactions/${id}$`));
      await page.goto("/transactions");
    }

    await page.getByLabel("Search by id, reference or consumer reference").fill(`e2e-yen-${run}`);
    await expect(page.getByTestId("transaction-row")).toHaveCount(1);
    await expect(page.getByTestId("transaction-row")).toContainText("¥5,000");
    await expect(page).toHaveURL(/q=e2e-yen-/);

    await page.goto("/transactions?currency=USD&status=succeeded");
    const rows = page.getByTestId("transaction-row");
    await expect(rows.filter({ hasText: card.id })).toHaveCount(1);
    await expect(rows.filter({ hasText: yen.id })).toHaveCount(0);

    // Once the page's own late loads (summary, prefetches) are done: a full run once clicked the
    // link while they were landing and no download started.
    await page.waitForLoadState("networkidle");
    const download = page.waitForEvent("download");
    await page.getByTestId("export-csv").click();
    const csv = readFileSync(await (await download).path(), "utf8");
    const lines = csv.trim().split("\n");
    expect(lines[0]).toContain("id,type,parent_id,reference");
    const cardLine = lines.find((l) => l.startsWith(`${card.id},charge`));
    expect(cardLine).toContain(",USD,19.99,15.00,");
    expect(lines.every((l, i) => i === 0 || l.includes(",USD,"))).toBe(true);
    expect(csv).not.toContain(yen.id);

    await rows.filter({ hasText: card.id }).getByRole("link").click();
    await expect(page.getByTestId("amounts")).toContainText("$19.99");
    await expect(page.getByTestId("amounts")).toContainText("$15.00");
    await expect(page.getByTestId("children")).toContainText("capture");
    await expect(page.getByTestId("timeline")).toContainText("Imported by");
    await expect(page.getByTestId("payload")).not.toContainText("4111111111111111");

    await sandboxCall("POST", "/v1/refunds", { id: card.id, reference: `e2e-card-${run}-ref`, amount: 500 });
    await page.getByRole("button", { name: "Refresh from the payment service" }).click();
    await expect(page.getByTestId("amounts")).toContainText("$5.00");
    await expect(page.getByTestId("timeline")).toContainText("Refreshed");
  });

  test("a row clicked while a search is being typed opens, and stays open, on a slow connection", async ({ page }) => {
    // The search's URL write landed after the click's navigation had started (the page's answer
    // still on its way) and undid it: the person was back on the list with the search in the URL.
    const charge = await sandboxCharge({ reference: `e2e-quick-${run}`, amount: 4321, currency: "USD" });
    await page.goto("/transactions");
    await page.getByLabel("Transaction id to import").fill(charge.id);
    await page.getByRole("button", { name: "Import" }).click();
    await expect(page).toHaveURL(new RegExp(`/transactions/${charge.id}$`));
    // A slow network: the detail page's answer takes a second and a half.
    await page.route(new RegExp(`/transactions/${charge.id}\\?`), async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto("/transactions");
    const row = page.getByTestId("transaction-row").filter({ hasText: charge.id });
    await expect(row).toHaveCount(1);
    await page.getByLabel("Search by id, reference or consumer reference").fill("e2e-quick");
    await row.getByRole("link").click();
    await expect(page.getByTestId("amounts")).toContainText("$43.21");
    await page.waitForLoadState("networkidle");
    await expect(page).toHaveURL(new RegExp(`/transactions/${charge.id}$`));
  });

  test("an export clicked while a search is being written is fetched once, and the list stays", async ({ page }) => {
    // The link guard once held the export and pushed it as a page: the file was asked for twice
    // (a router fetch, then a full load), and audited twice.
    await page.goto("/transactions");
    await page.waitForLoadState("networkidle");
    const asked: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/api/transactions/export.csv")) asked.push(r.url());
    });
    const download = page.waitForEvent("download");
    await page.getByLabel("Search by id, reference or consumer reference").fill("e2e-");
    await page.getByTestId("export-csv").click();
    await download;
    await page.waitForLoadState("networkidle");
    expect(asked).toHaveLength(1);
    await expect(page).toHaveURL(/\/transactions(\?|$)/);
  });

  test("an unknown id gets a clear message and adds nothing", async ({ page }) => {
    await page.goto("/transactions");
    await page.getByLabel("Transaction id to import").fill("0000000000000000000000");
    await page.getByRole("button", { name: "Import" }).click();
    await expect(page.getByTestId("import-error")).toContainText("does not know this transaction");
    await page.getByLabel("Transaction id to import").fill("bad id!");
    await page.getByRole("button", { name: "Import" }).click();
    await expect(page.getByTestId("import-error")).toContainText("letters, digits");
  });
});

test.describe("transactions (ops)", () => {
  test.use({ storageState: storageStateFor("ops") });

  test("reads the list through the API and the page", async ({ page }) => {
    expect((await page.request.get("/api/transactions?limit=5")).status()).toBe(200);
    await page.goto("/transactions");
    await expect(page.getByTestId("transactions-table")).toBeVisible();
    expect((await page.request.get("/api/transactions/no-such-id")).status()).toBe(404);
  });

  // Issue 33, journey 5: an amount "12.345" in USD, a negative amount, a From day after the To
  // day each ended in a silent "No transactions match". Each is now said beside its filter.
  test("a filter value the list cannot use is said beside the filter", async ({ page }) => {
    await page.goto("/transactions");
    await expect(page.getByTestId("transactions-table")).toBeVisible();
    const minimum = page.getByLabel("Minimum amount");
    await minimum.fill("12.345");
    await minimum.blur();
    await expect(page.getByTestId("filter-issue-amountMin")).toHaveText("USD has at most 2 decimals");
    await expect(page).not.toHaveURL(/amountMin=/);
    const maximum = page.getByLabel("Maximum amount");
    await maximum.fill("-5");
    await maximum.blur();
    await expect(page.getByTestId("filter-issue-amountMax")).toHaveText("The amount cannot be negative");
    await minimum.fill("12.34");
    await minimum.blur();
    await expect(page.getByTestId("filter-issue-amountMin")).toHaveCount(0);
    await expect(page).toHaveURL(/amountMin=1234/);
    await page.getByLabel("From date").fill("2026-11-20");
    await page.getByLabel("To date").fill("2026-11-10");
    await expect(page.getByTestId("filter-issue-to")).toContainText("The To day is before the From day");
    await page.getByLabel("To date").fill("2026-11-25");
    await expect(page.getByTestId("filter-issue-to")).toHaveCount(0);
  });
});
