import { expect, type APIRequestContext, type Page, test } from "@playwright/test";
import { createUser, ROLE_USERS, sql, storageStateFor } from "./support/users";
import { openSession } from "./support/sessions";
import { answerStepUp } from "./support/sign-in";
import { sandboxCall, sandboxCharge, sandboxRefundCount } from "./support/sandbox";

// Issue 34, bulk refunds: rows selected on the list become one batch, each refunded once; the
// same file twice is refused row by row as already refunded; a batch over the batch threshold
// waits for a manager, whom finance cannot stand in for, and who approves with step-up.

const run = Date.now().toString(36);
let n = 0;

/** Captured charges of this run, imported into the ledger, all under one reference prefix. */
async function charges(request: APIRequestContext, baseURL: string, prefix: string, count: number, amount: number) {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const c = await sandboxCharge({ reference: `${prefix}-${++n}`, amount, currency: "USD" });
    // The capture's reference is outside the prefix: the list's search finds the charges only.
    await sandboxCall("POST", "/v1/captures", {
      id: c.id,
      reference: `cap-${run}-${n}`,
      transaction_amount: amount,
    });
    const res = await request.post("/api/transactions/import", { headers: { Origin: baseURL }, data: { id: c.id } });
    expect(res.status()).toBe(201);
    ids.push(c.id);
  }
  return ids;
}

const waitDone = async (page: Page, count: number) => {
  // The page polls while rows move: no reload.
  await expect(page.getByTestId("batch-status")).toHaveAttribute("data-status", "done", { timeout: 30_000 });
  await expect(page.getByTestId("batch-row-outcome").and(page.locator('[data-outcome="succeeded"]'))).toHaveCount(
    count,
  );
};

async function uploadCsv(page: Page, csv: string) {
  await page.goto("/refund-batches/new");
  await page
    .getByLabel("CSV file")
    .setInputFiles({ name: `recall-${run}.csv`, mimeType: "text/csv", buffer: Buffer.from(csv) });
  await expect(page.getByTestId("batch-preview")).toBeVisible();
}

test.describe("bulk refunds (finance)", () => {
  test.use({ storageState: storageStateFor("finance") });

  test("rows selected on the list become one batch, each refunded once", async ({ page, request, baseURL }) => {
    test.setTimeout(90_000);
    const prefix = `bulk-sel-${run}`;
    const ids = await charges(request, baseURL!, prefix, 4, 2_000);
    // The boxes act only once React owns the page: in the server's HTML they are disabled, so a
    // click before hydration waits instead of ticking a box React unticks (CI saw nothing selected).
    const html = await (await page.request.get(`/transactions?q=${prefix}`)).text();
    for (const id of ["select-page", "select-row"])
      expect(html.match(new RegExp(`<input[^>]*data-testid="${id}"[^>]*>`))?.[0]).toContain('disabled=""');
    await page.goto(`/transactions?q=${prefix}`);
    await expect(page.getByTestId("transaction-row")).toHaveCount(4);
    await page.getByRole("checkbox", { name: "Select all on this page" }).check();
    await page.getByTestId("refund-selected").click();
    await expect(page).toHaveURL(/\/refund-batches\/new\?from=selection/);
    // Issue 50 item 11: a batch from a selection has no file to upload.
    await expect(page.locator("main")).not.toContainText("Upload a CSV file");
    await expect(page.locator("main")).toContainText("Refunds of the rows you selected on the transactions list");
    await page.getByLabel("Reason").selectOption({ label: "Product issue" });
    await page.getByRole("button", { name: "Preview the refunds" }).click();
    await expect(page.getByTestId("batch-preview-summary")).toContainText("4 rows · No problems");
    await expect(page.getByTestId("batch-preview-summary")).toContainText("Total $80.00");
    await page.getByRole("button", { name: "Create the batch", exact: true }).click();
    await expect(page).toHaveURL(/\/refund-batches\/[0-9a-f-]{36}$/);
    await waitDone(page, 4);
    for (const id of ids) expect(await sandboxRefundCount(id)).toBe(1);

    // Each refund names its batch on its charge.
    const batchUrl = page.url();
    await page.goto(`/transactions/${ids[0]}`);
    await page.getByTestId("operation-batch").click();
    await expect(page).toHaveURL(batchUrl);
  });

  test("the same file uploaded twice: the second preview says every row is already refunded", async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const ids = await charges(request, baseURL!, `bulk-csv-${run}`, 2, 3_000);
    const csv = ["transaction,amount,reason,note", `${ids[0]},12.50,product_issue,recall`, `${ids[1]},,fraud,`].join(
      "\n",
    );
    await uploadCsv(page, csv);
    await expect(page.getByTestId("batch-preview-summary")).toContainText("2 rows · No problems");
    await page.getByRole("button", { name: "Create the batch", exact: true }).click();
    await waitDone(page, 2);

    await uploadCsv(page, csv);
    await expect(page.getByTestId("batch-preview-summary")).toContainText("2 rows with problems");
    const rows = page.getByTestId("batch-preview-row");
    await expect(rows).toHaveCount(2);
    for (const row of await rows.all()) await expect(row).toContainText("Already refunded");
    await expect(page.getByRole("button", { name: /Create the batch/ })).toHaveCount(0);
    for (const id of ids) expect(await sandboxRefundCount(id)).toBe(1);
  });
});

test.describe("bulk refunds from Excel (finance)", () => {
  test.use({ storageState: storageStateFor("finance") });

  // Issue 50 item 11: a semicolon file (Excel where the decimal mark is a comma) was refused for
  // its header; reasons read as codes; an authorized charge read "Nothing is left to refund"; a
  // currency without a batch threshold was said to pass it; the batch's "Problems" held outcomes.
  test("a semicolon file with Chinese reasons, a charge not yet captured and a currency without a batch threshold", async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const made = async (currency: string, amount: number, capture: boolean) => {
      const c = await sandboxCharge({ reference: `bulk-xl-${run}-${++n}`, amount, currency });
      if (capture)
        await sandboxCall("POST", "/v1/captures", {
          id: c.id,
          reference: `cap-xl-${run}-${n}`,
          transaction_amount: amount,
        });
      const res = await request.post("/api/transactions/import", { headers: { Origin: baseURL! }, data: { id: c.id } });
      expect(res.status()).toBe(201);
      return c.id as string;
    };
    const eur = await made("EUR", 20_000, true);
    const sgd = await made("SGD", 9_900, true);
    const hkd = await made("HKD", 68_800, false);
    const csv = [
      "transaction;amount;reason;note",
      `${eur};12,50;商品问题;召回：第 42 批，包装破损`,
      `${sgd};;product_issue;`,
      `${hkd};;Fraud;`,
    ].join("\r\n");
    await uploadCsv(page, csv);
    const rows = page.getByTestId("batch-preview-row");
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0)).toContainText("€12.50");
    for (const i of [0, 1]) await expect(rows.nth(i).getByTestId("batch-preview-reason")).toHaveText("Product issue");
    await expect(rows.nth(2).getByTestId("batch-preview-status")).toContainText(
      "Nothing is captured on this charge yet: it is only authorized. Capture it first",
    );
    await expect(page.getByRole("columnheader", { name: "Problems" })).toHaveCount(0);
    await expect(page.getByTestId("batch-preview-manager")).toHaveCount(0);
    await expect(page.getByTestId("batch-preview-no-threshold")).toContainText("No batch threshold is set for SGD");
    await page.screenshot({ path: test.info().outputPath("preview-en.png"), fullPage: true });

    await page.getByRole("button", { name: "Create the batch without the rows with problems" }).click();
    await expect(page).toHaveURL(/\/refund-batches\/[0-9a-f-]{36}$/);
    const id = page.url().split("/").at(-1)!;
    const batchRows = page.getByTestId("batch-row");
    await expect(batchRows).toHaveCount(3);
    await expect(page.getByRole("columnheader", { name: "Outcome" })).toBeVisible();
    await expect(page.getByRole("columnheader", { name: "Problems" })).toHaveCount(0);
    await expect(batchRows.nth(0).getByTestId("batch-row-reason")).toContainText("Product issue");
    await expect(batchRows.nth(0).getByTestId("batch-row-reason")).toContainText("召回：第 42 批，包装破损");
    await expect(batchRows.nth(2).getByTestId("batch-row-reason")).toContainText("Fraud");
    await expect(batchRows.nth(2).getByTestId("batch-row-outcome")).toHaveAttribute("data-outcome", "skipped");
    await page.screenshot({ path: test.info().outputPath("batch-en.png"), fullPage: true });
    // SGD has no batch threshold: the batch waits for a manager; it is cancelled, nothing sent.
    const cancelled = await request.post(`/api/refund-batches/${id}/cancel`, { headers: { Origin: baseURL! } });
    expect(cancelled.status(), await cancelled.text()).toBeLessThan(300);
    for (const charge of [eur, sgd, hkd]) expect(await sandboxRefundCount(charge)).toBe(0);
  });
});

test("a batch over the batch threshold waits; finance cannot approve it; a manager approves with step-up", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const finance = await browser.newContext({ storageState: storageStateFor("finance"), baseURL });
  const manager = await browser.newContext({ storageState: storageStateFor("manager"), baseURL });
  try {
    // Eleven refunds of $480.00, each under the $500.00 refund threshold, together over the $5,000.00 batch threshold.
    const ids = await charges(finance.request, baseURL!, `bulk-big-${run}`, 11, 48_000);
    const made = await finance.request.post("/api/refund-batches", {
      headers: { Origin: baseURL! },
      data: { ids, reason: "consumer_requested" },
    });
    expect(made.status(), await made.text()).toBe(200);
    const { batch } = (await made.json()) as { batch: { id: string; status: string } };
    expect(batch.status).toBe("awaiting_approval");

    const denied = await finance.request.post(`/api/refund-batches/${batch.id}/approve`, {
      headers: { Origin: baseURL! },
      data: { comment: "mine" },
    });
    expect(denied.status()).toBe(403);
    const financePage = await finance.newPage();
    await financePage.goto(`/refund-batches/${batch.id}`);
    await expect(financePage.getByTestId("batch-waiting")).toBeVisible();
    await expect(financePage.getByRole("button", { name: "Approve and send" })).toHaveCount(0);
    for (const id of ids) expect(await sandboxRefundCount(id)).toBe(0);

    const page = await manager.newPage();
    await page.goto("/approvals");
    await page
      .getByTestId("refund-batches-waiting")
      .getByRole("link", { name: batch.id.slice(0, 8) })
      .click();
    await page.getByLabel("Comment").fill("Recall of lot 42, checked against the list");
    await page.getByRole("button", { name: "Approve and send" }).click();
    await answerStepUp(
      page,
      ROLE_USERS.manager.email,
      page.locator(
        '[data-testid="batch-status"][data-status="sending"], [data-testid="batch-status"][data-status="done"]',
      ),
    );
    await waitDone(page, 11);
    await expect(page.getByText(`Decided by ${ROLE_USERS.manager.email}`)).toBeVisible();
    for (const id of ids) expect(await sandboxRefundCount(id)).toBe(1);
  } finally {
    await finance.close();
    await manager.close();
  }
});

// The same preview for a person who reads Chinese: the reasons a row may give, in their words.
test("a zh-CN preview names the reasons in Chinese and says to capture first", async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const user = await createUser("finance", "zh-batch");
  await sql("UPDATE users SET locale = 'zh-CN', time_zone = 'Asia/Shanghai' WHERE id = $1", [user.id]);
  await openSession(page, user.email);
  const c = await sandboxCharge({ reference: `bulk-zh-${run}-${++n}`, amount: 8_800, currency: "CNY" });
  const res = await page.request.post("/api/transactions/import", {
    headers: { Origin: baseURL! },
    data: { id: c.id },
  });
  expect(res.status()).toBe(201);
  await page.goto("/refund-batches/new");
  await page.getByLabel("CSV 文件").setInputFiles({
    name: "退款.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`transaction;reason\r\n${c.id};退货\r\n`),
  });
  const status = page.getByTestId("batch-preview-status");
  await expect(status).toContainText("请选择原因：消费者要求、库存问题、商品问题、欺诈或其他。");
  await expect(status).toContainText("该交易仅已授权，尚未请款：请先请款，再退款");
  await page.screenshot({ path: test.info().outputPath("preview-zh.png"), fullPage: true });
});
