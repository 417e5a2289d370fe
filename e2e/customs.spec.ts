import { readFile } from "node:fs/promises";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { sql, storageStateFor } from "./support/users";
import { sandboxCall, sandboxControl } from "./support/sandbox";

const run = Date.now().toString(36);
let n = 0;

const declarationsOf = async (reference: string) =>
  Number(
    (await sql<{ n: string }>("SELECT count(*) AS n FROM customs_declarations WHERE reference = $1", [reference]))[0]!
      .n,
  );

/** A paid wallet charge at the sandbox, imported into the ledger. */
async function paid(
  request: APIRequestContext,
  baseURL: string,
  o: { amount: number; currency: string; method: string },
) {
  const c = await sandboxCall("POST", "/v1/charges", {
    transaction: {
      reference: `e2e-cus-${run}-${++n}`,
      amount: o.amount,
      currency: o.currency,
      country: "CN",
      auto_capture: true,
    },
    payment: { method: o.method },
  });
  await sandboxControl("POST", `/__sandbox/payments/${c.id}/complete`);
  expect(
    (await request.post("/api/transactions/import", { headers: { Origin: baseURL }, data: { id: c.id } })).status(),
  ).toBe(201);
  return c as { id: string; reference: string };
}

test.describe("customs (ops)", () => {
  test.use({ storageState: storageStateFor("ops") });

  test("a wechatpay split declaration with fees: budget enforced, declared, corrected, followed through Customs", async ({
    page,
    request,
    baseURL,
  }) => {
    const c = await paid(request, baseURL!, { amount: 10_000, currency: "USD", method: "wechatpay" });
    await page.goto(`/transactions/${c.id}`);
    await page.getByRole("link", { name: "Declare to customs →" }).click();
    await expect(page.getByTestId("parent")).toContainText("CN¥710.00");
    await expect(page.getByLabel("Vendor")).toHaveValue("wechatpay");
    await page.getByLabel("Customs location").fill("HANGZHOU");

    // upop is refused before anything is sent: the payment is not in CNY.
    await page.getByLabel("Vendor").selectOption("upop");
    await expect(page.getByTestId("problems")).toContainText("support only CNY transactions; this payment is in USD");
    await expect(page.getByRole("button", { name: "Declare" })).toBeDisabled();
    await page.getByLabel("Vendor").selectOption("wechatpay");

    await page.getByLabel(/Split order/).check();
    await page.getByLabel("Sub-order 1 number").fill(`${c.reference}-1`);
    await page.getByLabel("Order fee (CNY)").first().fill("400.00");
    await page.getByLabel("Transport fee (CNY)").first().fill("20.00");
    await page.getByLabel("Product fee (CNY)").first().fill("380.00");
    await page.getByRole("button", { name: "Add a sub-order" }).click();
    await page.getByLabel("Sub-order 2 number").fill(`${c.reference}-2`);
    await page.getByLabel("Order fee (CNY)").nth(1).fill("400.00");
    await page.getByLabel("Transport fee (CNY)").nth(1).fill("10.00");
    await page.getByLabel("Product fee (CNY)").nth(1).fill("390.00");
    await expect(page.getByTestId("budget")).toContainText("CN¥800.00 of CN¥710.00 — CN¥90.00 over");
    await expect(page.getByTestId("problems")).toContainText("more than the order's CN¥710.00");
    await expect(page.getByRole("button", { name: "Declare 2 sub-orders" })).toBeDisabled();
    await page.getByLabel("Order fee (CNY)").nth(1).fill("310.00");
    await page.getByLabel("Product fee (CNY)").nth(1).fill("300.00");
    await expect(page.getByTestId("budget")).toContainText("CN¥0.00 left");
    // Room is left for a correction: Customs keeps counting a corrected sub-order (spec fields only).
    await page.getByLabel("Order fee (CNY)").first().fill("200.00");
    await page.getByLabel("Product fee (CNY)").first().fill("180.00");
    await expect(page.getByTestId("budget")).toContainText("CN¥200.00 left");
    await page.getByRole("button", { name: "Declare 2 sub-orders" }).click();

    await expect(page).toHaveURL(/\/customs\/[0-9a-f-]{36}$/);
    const subs = page.getByTestId("sub-order");
    await expect(subs.getByTestId("state").filter({ hasText: "submitted" })).toHaveCount(2, { timeout: 20_000 });
    await expect(subs.first().getByTestId("declare-number")).not.toHaveText("—");
    await expect(subs.first().getByTestId("customs-status")).toContainText("SUBMITTED");

    // A wrong sub-order number corrected by resubmission; the old one stays in the history.
    await subs.first().getByRole("button", { name: "Resubmit or correct…" }).click();
    await subs
      .first()
      .getByLabel(/Sub-order number/)
      .fill(`${c.reference}-1b`);
    await subs.first().getByRole("button", { name: "Send to Customs" }).click();
    await expect(
      page
        .getByTestId("sub-order")
        .filter({ hasText: `${c.reference}-1b` })
        .getByTestId("state"),
    ).toHaveText("submitted");
    // The history keeps the wrong one first, marked corrected; the new one says what it corrects.
    await expect(subs.nth(0).getByTestId("state")).toHaveText("corrected");
    await expect(page.getByTestId("sub-order").filter({ hasText: `${c.reference}-1b` })).toContainText(
      `Corrects ${c.reference}-1`,
    );

    await sandboxControl("POST", "/__sandbox/clock/advance", { seconds: 31 * 60 });
    try {
      await page.getByRole("button", { name: "Inquire status" }).click();
      await expect(page.getByTestId("inquire-result")).toContainText("Statuses refreshed");
      await expect(
        page
          .getByTestId("sub-order")
          .filter({ hasText: `${c.reference}-2` })
          .getByTestId("customs-status"),
      ).toContainText("SUCCESS");
    } finally {
      await sandboxControl("POST", "/__sandbox/clock/reset"); // the sandbox is shared with later specs
    }
  });

  test("an alipay declaration, sent once for a double click", async ({ page, request, baseURL }) => {
    const a = await paid(request, baseURL!, { amount: 5000, currency: "EUR", method: "alipay" });
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && new URL(r.url()).pathname === "/api/customs/declarations") posts.push(r.url());
    });
    await page.goto("/customs/new");
    await page.getByLabel("Transaction id or payment reference").fill(a.reference);
    await page.getByRole("button", { name: "Look up" }).click();
    await expect(page.getByTestId("parent")).toContainText("€50.00");
    await page.getByLabel("Customs location").fill("SHANGHAI");
    await page.getByRole("button", { name: "Declare", exact: true }).dblclick();
    await expect(page.getByTestId("sub-order").getByTestId("state")).toHaveText("submitted", { timeout: 20_000 });
    expect(posts).toHaveLength(1);
  });

  test("a CSV upload: every problem of every row shown, nothing sent; fixed, confirmed, declared once", async ({
    page,
    request,
    baseURL,
  }) => {
    const b = await paid(request, baseURL!, { amount: 30_000, currency: "CNY", method: "wechatpay" });
    const bulkPosts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && new URL(r.url()).pathname === "/api/customs/bulk") bulkPosts.push(r.url());
    });
    const header = "reference,vendor,payment_type,customs_location,sub_order_no,order_fee,transport_fee,product_fee";
    const bad = [
      header,
      `${b.reference},wechatpay,Online,HANGZHOU,${b.reference}-a,200.005,10.00,190.00`,
      `e2e-no-such-order-${run},alipay,Hosted,,,,,`,
      `${b.reference},wechatpay,Online,HANGZHOU,${b.reference}-b,abc,5.00,95.00`,
    ].join("\n");
    await page.goto("/customs");
    await expect(page.getByRole("button", { name: "Sign out" })).toBeEnabled();
    await page.getByText("Declare many orders from a CSV file").click();
    const file = page.getByLabel("CSV file of declarations");
    await file.setInputFiles({ name: "orders.csv", mimeType: "text/csv", buffer: Buffer.from(bad) });
    await expect(page.getByTestId("bulk-summary")).toContainText("4 problems in 3 rows — nothing was sent.");
    const problem = (line: number, column: string) =>
      page.locator(`[data-testid="bulk-problem"][data-line="${line}"][data-column="${column}"]`);
    await expect(problem(2, "order_fee")).toContainText("CNY has at most 2 decimals");
    await expect(problem(3, "customs_location")).toContainText("Enter the customs location");
    await expect(problem(3, "reference")).toContainText(`No payment with reference e2e-no-such-order-${run}`);
    await expect(problem(4, "order_fee")).toContainText("Enter an amount in CNY such as 19.99");
    await expect(page.getByTestId("bulk-problem")).toHaveCount(4);
    await expect(page.getByTestId("bulk-preview")).not.toContainText(/subOrders\.|orderFee/);
    await expect(page.getByRole("button", { name: /^Declare \d/ })).toHaveCount(0);
    expect(bulkPosts.every((u) => u.endsWith("?dryRun=1"))).toBe(true);
    expect(await declarationsOf(b.reference)).toBe(0);

    const fixed = [
      header,
      `${b.reference},wechatpay,Online,HANGZHOU,${b.reference}-a,200.00,10.00,190.00`,
      `${b.reference},wechatpay,Online,HANGZHOU,${b.reference}-b,100.00,5.00,95.00`,
    ].join("\n");
    // A preview flag the server cannot read is refused, never taken as "send".
    const unclear = await request.post("/api/customs/bulk?dryRun=yes", {
      headers: { Origin: baseURL!, "Content-Type": "text/csv" },
      data: fixed,
    });
    expect(unclear.status()).toBe(422);
    expect(await declarationsOf(b.reference)).toBe(0);
    await file.setInputFiles({ name: "orders.csv", mimeType: "text/csv", buffer: Buffer.from(fixed) });
    await expect(page.getByTestId("bulk-summary")).toContainText("2 rows, 1 order. No problems.");
    const confirm = page.getByRole("button", { name: "Declare 1 order" });
    await confirm.dblclick();
    await expect(page.getByTestId("bulk-outcome-summary")).toContainText("1 order declared.");
    await expect(page.getByTestId("bulk-outcome")).toHaveCount(2);
    await expect(page.getByTestId("bulk-outcome").first()).toContainText("Declared");
    expect(bulkPosts.filter((u) => !u.endsWith("?dryRun=1"))).toHaveLength(1);
    expect(await declarationsOf(b.reference)).toBe(1);
  });

  test("the CSV template downloads, and filled in it is accepted", async ({ page, request, baseURL }) => {
    const c = await paid(request, baseURL!, { amount: 30_000, currency: "CNY", method: "wechatpay" });
    await page.goto("/customs");
    await expect(page.getByRole("button", { name: "Sign out" })).toBeEnabled();
    await page.getByText("Declare many orders from a CSV file").click();
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("bulk-template").click()]);
    expect(download.suggestedFilename()).toBe("customs-declarations-template.csv");
    const template = await readFile((await download.path())!, "utf8");
    const [header, example, ...rest] = template.trim().split(/\r?\n/);
    expect(header).toBe(
      "reference,vendor,payment_type,customs_location,sub_order_no,order_fee,transport_fee,product_fee,duty,buyer_name,id_number",
    );
    expect(rest).toEqual([]);
    const filled = `${header}\n${example!.replaceAll("ORDER-1001", c.reference)}`;
    await page
      .getByLabel("CSV file of declarations")
      .setInputFiles({ name: "filled.csv", mimeType: "text/csv", buffer: Buffer.from(filled) });
    await expect(page.getByTestId("bulk-summary")).toContainText("1 row, 1 order. No problems.");
    await page.getByRole("button", { name: "Declare 1 order" }).click();
    await expect(page.getByTestId("bulk-outcome-summary")).toContainText("1 order declared.");
    expect(await declarationsOf(c.reference)).toBe(1);
  });
});

test.describe("customs (manager)", () => {
  test.use({ storageState: storageStateFor("manager") });
  test("reads declarations but cannot declare", async ({ page, request, baseURL }) => {
    await page.goto("/customs");
    await expect(page.getByTestId("declarations")).toBeVisible();
    await expect(page.getByRole("link", { name: "New declaration" })).toHaveCount(0);
    const res = await request.post("/api/customs/declarations", {
      headers: { Origin: baseURL!, "Idempotency-Key": `e2e-${run}-denied` },
      data: {
        reference: "x",
        vendor: "alipay",
        paymentType: "Online",
        merchantCustomsCode: "1",
        merchantCustomsName: "n",
        customsLocation: "HZ",
      },
    });
    expect(res.status()).toBe(403);
  });
});
