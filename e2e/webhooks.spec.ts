import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { storageStateFor } from "./support/users";
import { sandboxControl } from "./support/sandbox";
import { signed, restoreSandboxSecret } from "./support/webhooks";

const run = Date.now().toString(36);

/** A card charge made through the console, so the sandbox notifies the console's urls.ipn. */
async function consoleCharge(request: APIRequestContext, baseURL: string, amount: number) {
  const res = await request.post("/api/charges", {
    headers: { Origin: baseURL, "Idempotency-Key": randomUUID() },
    data: {
      amount,
      currency: "EUR",
      country: "DE",
      method: "card",
      autoCapture: true,
      reference: `e2e-wh-${run}-${amount}`,
      card: { pan: "4111111111111111", expiry: "12/30", cvv: "123" },
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()).id as string;
}

test.describe("webhooks and chargebacks", () => {
  test.use({ storageState: storageStateFor("finance") });

  // Other specs rotate the webhook secret; the sandbox signs with its default one.
  test.beforeAll(({ browser, baseURL }) => restoreSandboxSecret(browser, baseURL!));

  test("chargebacks the sandbox moves through every status appear with their full history", async ({
    browser,
    request,
    baseURL,
  }) => {
    const won = await consoleCharge(request, baseURL!, 7000);
    const lost = await consoleCharge(request, baseURL!, 3000);
    const cases: Record<string, string> = {};
    for (const [charge, outcome] of [
      [won, "Won"],
      [lost, "Lost"],
    ] as const) {
      const opened = await sandboxControl("POST", "/__sandbox/chargebacks", { charge_id: charge });
      cases[charge] = opened.id;
      for (let i = 0; i < 4; i++)
        await sandboxControl("POST", `/__sandbox/chargebacks/${opened.id}/advance`, { outcome });
    }
    const manager = await browser.newContext({ storageState: storageStateFor("manager"), baseURL });
    const page = await manager.newPage();
    await expect(async () => {
      await page.goto(`/chargebacks?q=${won}`);
      await expect(page.getByTestId("chargeback").getByTestId("history").locator("li")).toHaveCount(5, {
        timeout: 1000,
      });
    }).toPass({ timeout: 20_000 });
    const row = page.getByTestId("chargeback");
    await expect(row).toContainText("Case Closed");
    await expect(row).toContainText("Won");
    await expect(row).toContainText("€70.00");
    for (const status of [
      "Notification of Claim",
      "Request For Information",
      "Information Supplied",
      "Won",
      "Case Closed",
    ])
      await expect(row.getByTestId("history")).toContainText(status);

    await expect(async () => {
      await page.goto(`/chargebacks?q=${lost}`);
      await expect(page.getByTestId("chargeback").getByTestId("history")).toContainText("Lost", { timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await page.goto("/chargebacks");
    await expect(page.getByTestId("chargeback-summary")).toContainText(/\d+ won · \d+ lost/);

    const download = page.waitForEvent("download");
    await page.goto(`/chargebacks?q=${won}`);
    await page.getByTestId("export-chargebacks").click();
    const text = readFileSync(await (await download).path(), "utf8");
    expect(text.split("\n")[0]).toContain("id,charge_id,reference,status,outcome,reason,currency,amount");
    expect(text).toContain(`${cases[won]},${won}`);
    expect(text).toMatch(/,Case Closed,Won,[^,\n]*,EUR,70\.00,/); // after the reason, when an inquiry gave one

    // The inbox has every notification, verified and applied, and the charge's own.
    await page.goto(`/webhooks?q=${won}`);
    await expect(page.getByTestId("notification").first()).toBeVisible();
    await expect(page.getByTestId("inbox")).toContainText("chargeback");
    await expect(page.getByTestId("inbox")).not.toContainText("rejected");
    await manager.close();
  });

  test("the receiver verifies, deduplicates and refuses what is malformed; the inbox shows and re-applies it", async ({
    browser,
    request,
    baseURL,
    playwright,
  }) => {
    const charge = await consoleCharge(request, baseURL!, 1234);
    const sender = await playwright.request.newContext({ baseURL }); // no session, no Origin: like the payment service
    const note = signed({
      id: charge,
      transaction_type: "charge",
      reference: `e2e-wh-${run}-1234`,
      amount: 1234,
      currency: "EUR",
      status: "captured",
      time_completed: new Date().toISOString(),
      amount_captured: "1234",
      amount_refunded: "",
    });
    const first = await sender.post("/api/webhooks/upi", { data: note });
    expect(first.status()).toBe(200);
    const replays = await Promise.all(
      Array.from({ length: 5 }, () => sender.post("/api/webhooks/upi", { data: note })),
    );
    expect(replays.map((r) => r.status())).toEqual([200, 200, 200, 200, 200]);
    const id = (await first.json()).id;

    const forged = await sender.post("/api/webhooks/upi", { data: { ...note, status: "cancelled" } });
    expect(forged.status()).toBe(200);
    expect(
      (
        await sender.post("/api/webhooks/upi", { headers: { "Content-Type": "application/json" }, data: "{not json" })
      ).status(),
    ).toBe(400);
    const form = await sender.post("/api/webhooks/upi", {
      form: Object.fromEntries(Object.entries(note).map(([k, v]) => [k, String(v)])),
    });
    expect(form.status()).toBe(200);
    await sender.dispose();

    const manager = await browser.newContext({ storageState: storageStateFor("manager"), baseURL });
    const page = await manager.newPage();
    await page.goto(`/webhooks?q=${charge}&verification=rejected`);
    await expect(page.getByTestId("notification")).toHaveCount(1);
    await expect(page.getByTestId("notification")).toContainText("cancelled");
    await expect(page.getByTestId("notification")).toContainText("signature did not match");
    await page.goto(`/webhooks?q=${charge}&verification=verified`);
    const ours = page.getByTestId("notification").filter({ hasText: "captured" }).first();
    await expect(ours).toBeVisible();
    // Five JSON replays and the same values form-encoded: one row, six replays counted.
    await expect(ours.getByTestId("replays")).toHaveText("6");
    await ours.getByRole("button", { name: "Raw" }).click();
    await expect(page.getByTestId("raw")).toContainText('"sign"');
    await ours.getByRole("button", { name: "Re-apply" }).click();
    await expect(ours.getByRole("status")).toContainText(/Re-applied: (unchanged|stale)/);
    expect(id).toBeTruthy();

    await page.goto(`/transactions/${charge}`);
    await expect(page.getByRole("heading", { level: 1 })).not.toContainText("canceled");
    await manager.close();
  });

  test("finance cannot open the inbox", async ({ page, request }) => {
    const res = await request.get("/api/webhooks");
    expect(res.status()).toBe(403);
    const response = await page.goto("/webhooks");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "You don’t have access to this page" })).toBeVisible();
  });
});
