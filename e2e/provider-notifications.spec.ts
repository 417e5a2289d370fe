import { randomUUID } from "node:crypto";
import { expect, test, type APIRequestContext, type Browser } from "@playwright/test";
import { storageStateFor } from "./support/users";
import { sandboxControl } from "./support/sandbox";
import { restoreSandboxSecret } from "./support/webhooks";
import { runJobUntil } from "./support/jobs";

// Issue 23 items 1, 2 and 4, end to end against the spec-only sandbox: its notifications
// carry no parent_id, pay-by-link ones come in the older MD5 scheme without transaction_type.

const run = Date.now().toString(36);
let n = 0;

async function consoleCharge(
  request: APIRequestContext,
  baseURL: string,
  o: { amount: number; method?: string; autoCapture?: boolean },
) {
  const res = await request.post("/api/charges", {
    headers: { Origin: baseURL, "Idempotency-Key": randomUUID() },
    data: {
      amount: o.amount,
      currency: "EUR",
      country: "DE",
      method: o.method ?? "card",
      autoCapture: o.autoCapture ?? true,
      reference: `e2e-pn-${run}-${++n}`,
      ...(o.method && o.method !== "card" ? {} : { card: { pan: "4111111111111111", expiry: "12/30", cvv: "123" } }),
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()).id as string;
}

/** The inbox as a manager sees it, for one transaction id or reference. */
async function inbox(browser: Browser, baseURL: string, q: string) {
  const manager = await browser.newContext({ storageState: storageStateFor("manager"), baseURL });
  const res = await manager.request.get(`/api/webhooks?q=${encodeURIComponent(q)}`);
  const rows = (await res.json()).rows as {
    type: string;
    status: string;
    verification: string;
    applyState: string;
    applyDetail: string | null;
  }[];
  await manager.close();
  return rows;
}

test.describe("notifications with the spec's fields alone", () => {
  test.use({ storageState: storageStateFor("finance") });

  // Other specs rotate the webhook secret; the sandbox signs with its default one.
  test.beforeAll(({ browser, baseURL }) => restoreSandboxSecret(browser, baseURL!));

  test("a chargeback the sandbox moves through its statuses appears on /chargebacks with its history and reason", async ({
    browser,
    request,
    baseURL,
  }) => {
    const charge = await consoleCharge(request, baseURL!, { amount: 4200 });
    const opened = await sandboxControl("POST", "/__sandbox/chargebacks", {
      charge_id: charge,
      reason: "product_not_received",
    });
    for (let i = 0; i < 2; i++) await sandboxControl("POST", `/__sandbox/chargebacks/${opened.id}/advance`, {});
    const manager = await browser.newContext({ storageState: storageStateFor("manager"), baseURL });
    const page = await manager.newPage();
    await expect(async () => {
      await page.goto(`/chargebacks?q=${opened.id}`);
      await expect(page.getByTestId("chargeback").getByTestId("history").locator("li")).toHaveCount(3, {
        timeout: 1000,
      });
    }).toPass({ timeout: 20_000 });
    const row = page.getByTestId("chargeback");
    await expect(row).toContainText(charge);
    await expect(row).toContainText("Information Supplied");
    await expect(row.getByTestId("reason")).toHaveText("Reason: product_not_received");
    for (const status of ["Notification of Claim", "Request For Information", "Information Supplied"])
      await expect(row.getByTestId("history")).toContainText(status);
    // An inquiry that failed under load leaves one unconfirmed until the sweep confirms it.
    await expect(async () => {
      const notes = await inbox(browser, baseURL!, opened.id);
      expect(notes.map((x) => [x.type, x.verification, x.applyState])).toEqual(
        Array(3).fill(["chargeback", "verified", "confirmed"]),
      );
    }).toPass({ timeout: 20_000 });
    await manager.close();
  });

  test("a pay-by-link payment lands in the ledger with its CNY amount from its notification", async ({
    page,
    browser,
    baseURL,
  }) => {
    const reference = `pn-link-${run}`;
    await page.goto("/payment-links");
    await page.getByLabel("Amount").fill("100");
    await page.getByLabel("Reference (optional)").fill(reference);
    await page.getByRole("button", { name: "Create payment link" }).click();
    const url = await page
      .getByTestId("payment-link")
      .filter({ hasText: reference })
      .getByLabel(`Link for ${reference}`)
      .inputValue();
    await page.goto("/"); // nobody watches the link: the notification alone must bring the payment
    const customer = await browser.newPage();
    await customer.goto(url);
    await customer.getByRole("button", { name: /Pay 100\.00 USD/ }).click();
    await expect(customer.getByText("Payment completed")).toBeVisible();
    await customer.close();

    let notes: Awaited<ReturnType<typeof inbox>> = [];
    // MD5-signed: confirmed by the payment inquiry, by the workers' minute sweep (run now).
    await runJobUntil("sweep", async () => {
      notes = await inbox(browser, baseURL!, reference);
      expect(notes.map((x) => [x.type, x.verification])).toEqual([["pay_by_link", "verified_legacy"]]);
      expect(notes[0]!.applyState).toBe("confirmed");
    });
    const links = await (await page.request.get("/api/payment-links")).json();
    const link = (links.links ?? links).find((l: { reference: string }) => l.reference === reference);
    expect(link).toMatchObject({ status: "succeeded", cnyAmount: 71_000 }); // minor units: CN¥710.00
    const tx = await (await page.request.get(`/api/transactions/${link.transactionId}`)).json();
    expect([tx.status, tx.amountCaptured, tx.currency, tx.cnyAmount]).toEqual(["succeeded", 10_000, "USD", 71_000]);
  });

  test("a klarna partial capture's notification leaves Capture available for the rest", async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    const id = await consoleCharge(request, baseURL!, { amount: 9000, method: "klarna", autoCapture: false });
    await sandboxControl("POST", `/__sandbox/payments/${id}/complete`);
    await expect(async () => {
      await page.goto(`/transactions/${id}`);
      await expect(page.getByRole("heading", { level: 1 })).toContainText("authorized", { timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    await page.getByRole("button", { name: "Capture…" }).click();
    await page.getByLabel(/Amount to capture/).fill("30.00");
    await page.getByLabel("Klarna capture").selectOption("more");
    await page.getByRole("button", { name: "Capture", exact: true }).click();
    await expect(page.getByTestId("action-result")).toHaveText("Capture of €30.00 succeeded.");
    // The sandbox's "captured" notification for the partial capture has been applied…
    await expect(async () => {
      const notes = await inbox(browser, baseURL!, id);
      const captured = notes.find((x) => x.type === "charge" && x.status === "captured");
      expect(["applied", "unchanged"]).toContain(captured?.applyState);
    }).toPass({ timeout: 15_000 });
    // …and the charge is still open for the rest, without anyone refreshing it.
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("partially captured");
    await page.getByRole("button", { name: "Capture…" }).click();
    await expect(page.getByLabel(/Amount to capture/)).toHaveValue("60.00");
  });
});
