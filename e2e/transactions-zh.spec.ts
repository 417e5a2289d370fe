import { randomUUID } from "node:crypto";
import { openSession } from "./support/sessions";
import { expect, test } from "@playwright/test";
import { createUser, sql } from "./support/users";

// Issue 21: a finance person who reads Chinese and works in Shanghai time sees the transactions
// list and a transaction page in Chinese, every time in China Standard Time, named.

test("the transactions list and a transaction page in Chinese, times in CST", async ({ page, baseURL }) => {
  const user = await createUser("finance", "zh-finance");
  await sql("UPDATE users SET locale = 'zh-CN', time_zone = 'Asia/Shanghai' WHERE id = $1", [user.id]);
  await openSession(page, user.email);

  const reference = `e2e-zh-${randomUUID().slice(0, 8)}`;
  const res = await page.request.post("/api/charges", {
    headers: { Origin: baseURL!, "Idempotency-Key": randomUUID() },
    data: {
      amount: 12345,
      currency: "USD",
      reference,
      method: "card",
      autoCapture: true,
      card: { pan: "4111111111111111", expiry: "12/30", cvv: "737", firstName: "Li", lastName: "Wei" },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = (await res.json()) as { id: string };

  await page.goto(`/transactions?q=${reference}`);
  await expect(page.getByRole("heading", { level: 1, name: "交易" })).toBeVisible();
  const table = page.getByTestId("transactions-table");
  for (const header of ["交易号", "金额", "状态", "创建时间"])
    await expect(table.getByRole("columnheader", { name: header, exact: true })).toBeVisible();
  const row = page.getByTestId("transaction-row").filter({ hasText: id });
  await expect(row.getByTestId("row-status")).toHaveText("成功");
  await expect(row.getByTestId("row-amount")).toHaveText("US$123.45");
  await expect(row).toContainText(/\d{1,2}:\d{2} CST/);
  await expect(page.getByTestId("export-csv")).toHaveText("导出 CSV");
  // Finance selects rows (bulk refunds): the checkboxes are named in Chinese too.
  await expect(table.getByRole("checkbox", { name: "选择本页全部" })).toBeVisible();
  await row.getByRole("checkbox", { name: `选择 ${id}` }).check();
  await expect(page.getByTestId("selected-count")).toHaveText("已选 1 项");

  await page.goto(`/transactions/${id}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("支付");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("成功");
  const amounts = page.getByTestId("amounts");
  for (const label of ["金额", "已请款", "已退款", "可请款余额", "可退款余额"])
    await expect(amounts).toContainText(label);
  await expect(page.getByRole("button", { name: "从支付服务刷新" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "内部备注" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "时间线" })).toBeVisible();
  // The charge's creation time in Shanghai, the zone named: "2026年11月24日 11:06 CST".
  const created = page.locator("dt", { hasText: "创建时间" }).locator("xpath=following-sibling::dd[1]");
  await expect(created).toHaveText(/^\d{4}年\d{1,2}月\d{1,2}日 \d{2}:\d{2} CST$/);
  await expect(page.getByTestId("timeline").locator("li").first()).toContainText(/ CST/);
  await expect(page.getByText(/^最后更新于 .+ CST$/)).toBeVisible();
});
