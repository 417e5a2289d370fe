import { randomUUID } from "node:crypto";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { ROLES, type Role } from "../lib/platform/auth/permissions";
import { ROLE_USERS, storageStateFor } from "./support/users";
import { declareSplit, paidWechatCharge } from "./support/customs";
import { sandboxControl } from "./support/sandbox";

const run = Date.now().toString(36);

// What each role's home shows, and what it must not: only what the role may open.
const QUEUES = [
  "Refunds awaiting approval",
  "Outcomes being checked",
  "Open chargebacks",
  "Declarations to fix",
  "Reconciliation differences",
  "Notifications rejected (7 days)",
] as const;
const EXPECTED: Record<Role, { queues: (typeof QUEUES)[number][]; volume: boolean; charts: string[] }> = {
  admin: {
    queues: ["Outcomes being checked", "Declarations to fix", "Notifications rejected (7 days)"],
    volume: true,
    charts: ["Last 30 days", "Declaration sub-orders by result"],
  },
  finance: {
    queues: ["Outcomes being checked", "Open chargebacks", "Reconciliation differences"],
    volume: true,
    charts: ["Last 30 days", "Chargebacks by status"],
  },
  ops: {
    queues: ["Outcomes being checked", "Declarations to fix"],
    volume: true,
    charts: ["Last 30 days", "Declaration sub-orders by result"],
  },
  manager: {
    queues: [...QUEUES],
    volume: true,
    charts: ["Last 30 days", "Chargebacks by status", "Declaration sub-orders by result"],
  },
};
const ALL_CHARTS = ["Last 30 days", "Chargebacks by status", "Declaration sub-orders by result"];

test.beforeAll(async ({ browser, baseURL }) => {
  // At least one payment today, so the volume table and chart have something to show.
  const finance = await browser.newContext({ storageState: storageStateFor("finance"), baseURL });
  await charge(finance.request, baseURL!, { amount: 2_500, currency: "USD" });
  await finance.close();
});

for (const role of ROLES) {
  test.describe(`home (${role})`, () => {
    test.use({ storageState: storageStateFor(role) });

    test("shows the role's queues, volume and charts, nothing else, and every queue opens", async ({ page }) => {
      await page.goto("/");
      await expect(page.getByRole("heading", { name: `Welcome, ${ROLE_USERS[role].name}` })).toBeVisible();
      const tiles = page.getByTestId("queue");
      const labels = (await tiles.allTextContents()).map((t) =>
        QUEUES.find((q) => t.startsWith(q.toUpperCase()) || t.startsWith(q)),
      );
      expect(labels).toEqual(EXPECTED[role].queues);
      await expect(page.getByTestId("volume")).toHaveCount(EXPECTED[role].volume ? 1 : 0);
      for (const chart of ALL_CHARTS) {
        await expect(page.getByRole("heading", { name: chart, exact: true })).toHaveCount(
          EXPECTED[role].charts.includes(chart) ? 1 : 0,
        );
      }
      // Every chart has its numbers as a table too (screen readers, copying).
      if (EXPECTED[role].charts.includes("Last 30 days"))
        await expect(page.getByTestId("volume-chart").locator("table")).toHaveCount(1);
      // A queue leads to a list the role may open.
      const hrefs = await tiles.evaluateAll((links) => links.map((l) => l.getAttribute("href")!));
      for (const href of hrefs) {
        const res = await page.goto(href);
        expect(res?.status(), `${role} → ${href}`).toBe(200);
      }
    });
  });
}

async function charge(request: APIRequestContext, baseURL: string, o: { amount: number; currency: string }) {
  const res = await request.post("/api/charges", {
    headers: { Origin: baseURL, "Idempotency-Key": randomUUID() },
    data: {
      ...o,
      country: "DE",
      method: "card",
      autoCapture: true,
      reference: `e2e-home-${run}-${o.currency}-${randomUUID().slice(0, 6)}`,
      card: { pan: "4111111111111111", expiry: "12/30", cvv: "123" },
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()).id as string;
}

test.describe("home money (finance)", () => {
  test.use({ storageState: storageStateFor("finance") });

  test("today's figures move with a new charge at once, and CNY is totalled where known", async ({
    page,
    request,
    baseURL,
  }) => {
    await page.goto("/");
    const row = (currency: string) =>
      page
        .getByTestId("volume")
        .locator("tbody tr")
        .filter({ hasText: new RegExp(`^${currency}`) });
    const before = (await row("CNY").count()) ? await row("CNY").locator("td").nth(1).textContent() : "CN¥0.00";
    await charge(request, baseURL!, { amount: 12_345, currency: "CNY" });
    await page.reload();
    const toNumber = (s: string | null) => Number((s ?? "0").replace(/[^\d.]/g, ""));
    await expect(row("CNY")).toHaveCount(1);
    expect(toNumber(await row("CNY").locator("td").nth(1).textContent()) - toNumber(before)).toBeCloseTo(123.45, 2);
    // The CNY payment counts in the CNY total; it reads as money.
    await expect(page.getByTestId("cny-total")).toContainText("CN¥");
  });
});

test.describe("global search for customs and chargebacks (manager)", () => {
  test.use({ storageState: storageStateFor("manager") });

  test("a sub_order_no, a declare_number and a chargeback id each lead to their page", async ({
    page,
    browser,
    baseURL,
  }) => {
    // Ops declares a wechatpay payment; finance has a charge the sandbox opens a chargeback on.
    const ops = await browser.newContext({ storageState: storageStateFor("ops"), baseURL });
    const c = await paidWechatCharge(`e2e-home-cus-${run}`);
    const declarationId = await declareSplit(ops.request, baseURL!, c.id, `${c.reference}-s1`);
    let declareNumber = "";
    await expect(async () => {
      const d = (await (await ops.request.get(`/api/customs/declarations/${declarationId}`)).json()).declaration;
      declareNumber = d.subOrders[0].declareNumber ?? "";
      expect(declareNumber).not.toBe("");
    }).toPass({ timeout: 20_000 });
    await ops.close();

    const finance = await browser.newContext({ storageState: storageStateFor("finance"), baseURL });
    const chargeId = await charge(finance.request, baseURL!, { amount: 6_100, currency: "EUR" });
    await finance.close();
    const opened = await sandboxControl("POST", "/__sandbox/chargebacks", { charge_id: chargeId });
    await expect(async () => {
      const list = await (await page.request.get(`/api/chargebacks?q=${chargeId}`)).json();
      expect(list.chargebacks.length).toBe(1);
    }).toPass({ timeout: 20_000 });

    const search = page.getByLabel("Search by id, reference, declare number or token");
    for (const [key, url] of [
      [`${c.reference}-s1`, new RegExp(`/customs/${declarationId}$`)],
      [declareNumber, new RegExp(`/customs/${declarationId}$`)],
      [opened.id as string, new RegExp(`/chargebacks/${opened.id}$`)], // the case page (issue 22)
    ] as const) {
      // From the home page each time: two keys lead to the same page, so a URL check alone
      // would not wait for the previous search to land.
      await page.goto("/");
      await search.fill(key);
      await search.press("Enter");
      await expect(page, key).toHaveURL(url);
    }
    await expect(page.locator("main")).toContainText(chargeId);
  });
});

test.describe("operations list (ops)", () => {
  test.use({ storageState: storageStateFor("ops") });

  test("lists the console's captures, refunds and cancels by status, each linking to its transaction", async ({
    page,
    browser,
    baseURL,
  }) => {
    const finance = await browser.newContext({ storageState: storageStateFor("finance"), baseURL });
    const res = await finance.request.post("/api/charges", {
      headers: { Origin: baseURL!, "Idempotency-Key": randomUUID() },
      data: {
        amount: 4_200,
        currency: "USD",
        country: "DE",
        method: "card",
        reference: `e2e-ops-${run}`,
        card: { pan: "4111111111111111", expiry: "12/30", cvv: "123" },
      },
    });
    const chargeId = (await res.json()).id as string;
    const capture = await finance.request.post(`/api/transactions/${chargeId}/captures`, {
      headers: { Origin: baseURL!, "Idempotency-Key": randomUUID() },
      data: { amount: 1_000 },
    });
    expect(capture.status()).toBe(201);
    await finance.close();

    await page.goto("/operations");
    await page.getByLabel("Status").selectOption("succeeded");
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/status=succeeded/);
    const row = page.getByTestId("operations-table").locator("tbody tr").filter({ hasText: chargeId });
    await expect(row).toContainText("Capture");
    await expect(row).toContainText("$10.00");
    await row.getByRole("link", { name: chargeId }).click();
    await expect(page).toHaveURL(new RegExp(`/transactions/${chargeId}$`));
    await page.goto("/operations?status=failed");
    await expect(page.getByTestId("operations-table")).not.toContainText(chargeId);
  });
});
