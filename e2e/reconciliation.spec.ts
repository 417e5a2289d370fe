import { expect, test } from "@playwright/test";
import { storageStateFor, sql } from "./support/users";
import { sandboxCall, sandboxCharge } from "./support/sandbox";

// Issue 34, daily reconciliation: the payment service refunds a charge behind the console's
// back; a manager runs the reconciliation now, sees the refund the console never made, resolves
// it with a note, and the audit log keeps the note.

const run = Date.now().toString(36);

test.describe("reconciliation (manager)", () => {
  test.use({ storageState: storageStateFor("manager") });

  test("a refund made at the provider shows after Run now, and is resolved with an audited note", async ({
    page,
    playwright,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const headers = { Origin: baseURL! };
    // At full speed, whatever else the ledger holds (the default rate is a few charges a second).
    const admin = await playwright.request.newContext({ baseURL, storageState: storageStateFor("admin") });
    const before = (await (await admin.get("/api/settings")).json()).settings.reconciliationRatePerSecond as number;
    expect((await admin.patch("/api/settings", { headers, data: { reconciliationRatePerSecond: 50 } })).status()).toBe(
      200,
    );
    try {
      const charge = await sandboxCharge({ reference: `recon-${run}`, amount: 5_000, currency: "USD" });
      await sandboxCall("POST", "/v1/captures", {
        id: charge.id,
        reference: `recon-cap-${run}`,
        transaction_amount: 5_000,
      });
      const imported = await page.request.post("/api/transactions/import", { headers, data: { id: charge.id } });
      expect(imported.status(), await imported.text()).toBe(201);
      // Behind the console's back: straight at the payment service, no operation of the console's.
      const refund = (await sandboxCall("POST", "/v1/refunds", {
        id: charge.id,
        reference: `recon-elsewhere-${run}`,
        amount: 1_200,
      })) as { id: string };
      // A run another spec left unfinished would hold "one at a time" against this one.
      await sql("UPDATE reconciliation_runs SET finished_at = now() WHERE finished_at IS NULL");

      await page.goto(`/reconciliation?charge=${charge.id}`);
      await expect(page.getByTestId("exception")).toHaveCount(0);
      await page.getByTestId("run-now").click();
      // The page reads the run's figures again while it goes on; the difference shows when it reaches the charge.
      const row = page.getByTestId("exception");
      await expect(row).toHaveCount(1, { timeout: 90_000 });
      await expect(row.getByTestId("row-kind")).toHaveText("Refund the console never made");
      await expect(row).toContainText(refund.id);
      await expect(row).toContainText("$12.00");

      await row.getByTestId("resolve-open").click();
      await page.getByLabel("How was it settled? (kept in the audit log)").fill(`Refunded by the call centre ${run}`);
      await page.getByTestId("resolve-submit").click();
      await expect(page.getByTestId("exception")).toHaveCount(0);
      // The row went with its buttons: focus is on the list, not lost to the page (issue 50).
      await expect
        .poll(() => page.evaluate(() => document.activeElement !== document.body && !!document.activeElement))
        .toBe(true);

      await page.goto(`/reconciliation?charge=${charge.id}&state=closed&kind=unknown_refund`);
      await expect(page.getByTestId("exception")).toContainText(`Refunded by the call centre ${run}`);
      // The filtered differences are a saved view, as the other lists have them (issue 50 item 14).
      await page.getByRole("button", { name: "Save view" }).click();
      const dialog = page.getByRole("alertdialog", { name: "Save this view" });
      await dialog.getByLabel("Name").fill(`Settled refunds ${run}`);
      await dialog.getByRole("button", { name: "Save", exact: true }).click();
      await expect(dialog).toBeHidden();
      await page.goto("/reconciliation");
      await page.getByRole("button", { name: /^Saved views/ }).click();
      await page.getByRole("link", { name: `Settled refunds ${run}` }).click();
      await expect(page).toHaveURL(/state=closed/);
      await expect(page.getByTestId("exception")).toContainText(`Refunded by the call centre ${run}`);

      await page.goto("/audit?action=reconciliation.resolve");
      await expect(page.getByTestId("audit-table")).toContainText(`Refunded by the call centre ${run}`);
      await expect(page.getByTestId("audit-table")).toContainText("Reconciliation difference resolved");
    } finally {
      await admin.patch("/api/settings", { headers, data: { reconciliationRatePerSecond: before } });
      await admin.dispose();
    }
  });

  test("ops cannot open it", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ storageState: storageStateFor("ops"), baseURL });
    const page = await context.newPage();
    expect((await page.goto("/reconciliation"))?.status()).toBe(403);
    expect((await page.request.post("/api/reconciliation/runs", { headers: { Origin: baseURL! } })).status()).toBe(403);
    await context.close();
  });
});
