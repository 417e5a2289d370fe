import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { storageStateFor } from "./support/users";
import { sandboxControl } from "./support/sandbox";
import { consoleCharge } from "./support/chargebacks";

// Issue 22: one consumer's charges, refund, stored card and declaration on one page, with the
// right lifetime totals; each role sees only the kinds of record it may read.

const run = randomUUID().slice(0, 8);
const customer = `CUST-VIEW-${run}`;
let card = "";
let alipay = "";

test.beforeAll(async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const finance = await browser.newContext({ storageState: storageStateFor("finance"), baseURL });
  const headers = () => ({ Origin: baseURL!, "Idempotency-Key": randomUUID() });
  card = (await consoleCharge(finance.request, baseURL!, { amount: 5000, consumer: customer })).id;
  const refund = await finance.request.post(`/api/transactions/${card}/refunds`, {
    headers: headers(),
    data: { amount: 1000, reason: "consumer_requested" },
  });
  expect(refund.status(), await refund.text()).toBe(201);
  const a = await consoleCharge(finance.request, baseURL!, {
    amount: 8000,
    currency: "CNY",
    method: "alipay",
    consumer: customer,
  });
  alipay = a.id;
  await sandboxControl("POST", `/__sandbox/payments/${alipay}/complete`);
  await expect(async () => {
    const t = await (
      await finance.request.post(`/api/transactions/${alipay}/refresh`, { headers: { Origin: baseURL! } })
    ).json();
    expect(t.transaction?.status ?? t.status).toBe("succeeded");
  }).toPass({ timeout: 20_000 });
  const stored = await finance.request.post("/api/vault", {
    headers: headers(),
    data: {
      card: { pan: "4012888888881881", expiry: "10/29", cvv: "321", firstName: "Ada", lastName: "Lovelace" },
      consumer: { reference: customer, email: `ada.${run}@example.com` },
    },
  });
  expect(stored.status(), await stored.text()).toBe(201);
  await finance.close();

  const ops = await browser.newContext({ storageState: storageStateFor("ops"), baseURL });
  const declared = await ops.request.post("/api/customs/declarations", {
    headers: headers(),
    data: {
      transactionId: alipay,
      vendor: "alipay",
      paymentType: "Online",
      merchantCustomsCode: "1234567890",
      merchantCustomsName: "Demo Trading",
      customsLocation: "HANGZHOU",
    },
  });
  expect(declared.status(), await declared.text()).toBe(202);
  await ops.close();
});

test.describe("customer view (manager)", () => {
  test.use({ storageState: storageStateFor("manager") });

  test("shows every record of the consumer and the lifetime totals, reached from the transaction page", async ({
    page,
  }) => {
    await page.goto(`/transactions/${card}`);
    await page.getByTestId("customer-link").click();
    await expect(page).toHaveURL(new RegExp(`/customers/${customer}$`));
    await expect(page.getByTestId("customer-charge")).toHaveCount(2);
    await expect(page.getByTestId("customer-refund")).toHaveCount(1);
    await expect(page.getByTestId("customer-card")).toHaveCount(1);
    await expect(page.getByTestId("customer-card")).toContainText("401288******1881");
    await expect(page.getByTestId("customer-declaration")).toHaveCount(1);
    await expect(page.getByTestId("customer-chargebacks")).toContainText("None.");
    await expect(page.getByTestId("charge-count")).toHaveText("2");
    const eur = page.getByTestId("total-EUR");
    await expect(eur.getByTestId("captured")).toHaveText("€50.00");
    await expect(eur.getByTestId("refunded")).toHaveText("€10.00");
    await expect(eur.getByTestId("net")).toHaveText("€40.00");
    const cny = page.getByTestId("total-CNY");
    await expect(cny.getByTestId("captured")).toContainText("80.00");
    await expect(cny.getByTestId("net")).toContainText("80.00");
    await expect(page.getByTestId("chargeback-ratio")).toHaveText("0.00%");
  });

  test("links to all of the customer's charges: the transactions list, filtered to that consumer reference", async ({
    page,
  }) => {
    await page.goto(`/customers/${customer}`);
    await page.getByTestId("customer-all-charges").click();
    await expect(page).toHaveURL(/\/transactions\?/);
    expect(new URL(page.url()).searchParams.get("customer")).toBe(customer);
    await expect(page.getByTestId("customer-scope")).toContainText(customer);
    await expect(page.getByTestId("transaction-row")).toHaveCount(2);
    await expect(page.getByTestId("list-count")).toHaveText(/^2 /);
    // Everyone's again, the other filters kept.
    await page.getByRole("link", { name: "Show every customer's" }).click();
    await expect(page).not.toHaveURL(/customer=/);
    expect(new URL(page.url()).searchParams.get("type")).toBe("charge");
    await expect(page.getByTestId("customer-scope")).toHaveCount(0);
  });

  test("is found by the email a stored card recorded", async ({ page }) => {
    await page.goto(`/customers?email=${encodeURIComponent(`Ada.${run}@example.com`)}`);
    await expect(page).toHaveURL(new RegExp(`/customers/${customer}$`));
  });
});

test.describe("customer view (ops)", () => {
  test.use({ storageState: storageStateFor("ops") });

  test("shows ops the transactions and declarations, not stored cards or chargebacks", async ({ page, request }) => {
    await page.goto(`/customers/${customer}`);
    await expect(page.getByTestId("customer-charge")).toHaveCount(2);
    await expect(page.getByTestId("customer-declaration")).toHaveCount(1);
    await expect(page.getByTestId("customer-cards")).toHaveCount(0);
    await expect(page.getByTestId("customer-chargebacks")).toHaveCount(0);
    const api = await (await request.get(`/api/customers/${customer}`)).json();
    expect(api).toMatchObject({ cards: null, chargebacks: null, chargeCount: 2 });
  });
});
