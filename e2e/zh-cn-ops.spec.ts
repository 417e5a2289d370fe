import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { englishWords, expectNoEnglish } from "./support/no-english";
import { sandboxCall, sandboxControl } from "./support/sandbox";
import { createUser, PASSWORD, sql } from "./support/users";
import { freshCode } from "./support/sign-in";

// Issue 21: an ops person whose browser is Chinese, in Shanghai, declares a wechatpay split
// order, inquires it at Customs and exports the customs list, and meets no English interface
// text on the way (e2e/support/no-english.ts says where it looks).

const run = Date.now().toString(36);

/** What the console stored and the service returned for the order: the merchant's customs facts, declare numbers, the verifying organisation. */
async function served(reference: string): Promise<string[]> {
  const rows = await sql<Record<string, string | null>>(
    `SELECT d.merchant_customs_code, d.merchant_customs_name, d.created_by, s.declare_number, s.verification_org,
            s.time_modified
       FROM customs_sub_orders s JOIN customs_declarations d ON d.id = s.declaration_id WHERE d.reference = $1`,
    [reference],
  );
  return rows.flatMap((r) => Object.values(r).filter((v): v is string => !!v));
}

test.use({ locale: "zh-CN", timezoneId: "Asia/Shanghai", storageState: { cookies: [], origins: [] } });

test("zh-CN ops: a wechatpay split order declared, inquired and exported, all in Chinese", async ({ page }) => {
  test.setTimeout(90_000);
  // The check itself: English is found, data and currency codes are not.
  expect(englishWords("申报 2 个子订单 Declare ORDER-1 CNY", ["ORDER-1"])).toEqual(["Declare"]);

  // A fresh ops user whose saved language and zone are Chinese and Shanghai (set here by SQL:
  // the first sign-in's defaulting from the browser is another area's).
  const user = await createUser("ops", "zh-ops");
  await sql("UPDATE users SET locale = 'zh-CN', time_zone = 'Asia/Shanghai' WHERE id = $1", [user.id]);
  await page.goto("/login");
  await page.locator("#email").fill(user.email);
  await page.locator("#password").fill(PASSWORD);
  await page.locator('button[type="submit"]').click();
  // Every role signs in with a second factor on a new merchant: the code step, in Chinese.
  await page.locator("#code").fill(await freshCode(user.email));
  await page.locator('button[type="submit"]').click();
  await expect(page.getByTestId("current-user")).toBeVisible();

  // A paid wechatpay charge of ¥300.00, imported into the ledger.
  const reference = `e2e-zh-${run}`;
  const charge = (await sandboxCall("POST", "/v1/charges", {
    transaction: { reference, amount: 30_000, currency: "CNY", country: "CN", auto_capture: true, locale: "zh-CN" },
    payment: { method: "wechatpay" },
  })) as { id: string };
  await sandboxControl("POST", `/__sandbox/payments/${charge.id}/complete`);
  const imported = await page.request.post("/api/transactions/import", {
    headers: { Origin: new URL(page.url()).origin },
    data: { id: charge.id },
  });
  expect(imported.status()).toBe(201);

  const subs = [`${reference}-1`, `${reference}-2`];
  const data = [reference, ...subs, charge.id, "HANGZHOU", user.email, user.name];

  // New declaration: the payment looked up, the split typed in Chinese labels.
  await page.goto(`/customs/new?transaction=${charge.id}`);
  await expect(page.getByTestId("parent")).toContainText("¥300.00");
  await expect(page.getByLabel("支付机构")).toHaveValue("wechatpay");
  await page.getByLabel("申报海关").fill("HANGZHOU");
  await page.getByLabel("拆单申报（按子订单申报）").check();
  await page.getByLabel("子订单 1 的子订单号").fill(subs[0]!);
  await page.getByLabel("子订单金额（元）").first().fill("200.00");
  await page.getByLabel("物流费（元）").first().fill("10.00");
  await page.getByLabel("商品价格（元）").first().fill("190.00");
  await page.getByRole("button", { name: "添加子订单" }).click();
  await page.getByLabel("子订单 2 的子订单号").fill(subs[1]!);
  await page.getByLabel("子订单金额（元）").nth(1).fill("150.00");
  await page.getByLabel("物流费（元）").nth(1).fill("5.00");
  await page.getByLabel("商品价格（元）").nth(1).fill("145.00");
  // Over the order's amount: the rule says so in Chinese, with the amounts in the reader's format.
  await expect(page.getByTestId("problems")).toContainText("子订单合计 ¥350.00，超过订单金额 ¥300.00。");
  await expectNoEnglish(page, data);
  await page.getByLabel("子订单金额（元）").nth(1).fill("100.00");
  await page.getByLabel("商品价格（元）").nth(1).fill("95.00");
  await expect(page.getByTestId("budget")).toContainText("剩余 ¥0.00");
  await expectNoEnglish(page, data);
  await page.getByRole("button", { name: "申报 2 个子订单" }).click();

  // The declaration page follows both sub-orders until Customs has them.
  await expect(page).toHaveURL(/\/customs\/[0-9a-f-]{36}$/);
  const subOrders = page.getByTestId("sub-order");
  await expect(subOrders.getByTestId("state").filter({ hasText: "已提交" })).toHaveCount(2, { timeout: 20_000 });
  await expect(subOrders.first().getByTestId("customs-status")).toContainText("申报已提交");
  await expectNoEnglish(page, [...data, ...(await served(reference))]);

  // Inquire: Customs has decided by now (the sandbox clock moved on).
  await sandboxControl("POST", "/__sandbox/clock/advance", { seconds: 31 * 60 });
  try {
    await page.getByRole("button", { name: "查询申报状态" }).click();
    await expect(page.getByTestId("inquire-result")).toContainText("已从海关刷新状态。");
    await expect(
      page.getByTestId("sub-order").filter({ hasText: subs[1]! }).getByTestId("customs-status"),
    ).toContainText("申报成功");
  } finally {
    await sandboxControl("POST", "/__sandbox/clock/reset"); // the sandbox is shared with later specs
  }
  await expect(page.getByTestId("checked-at").first()).toContainText("CST");
  // Customs' own change time (UTC on the wire) is in the reader's zone and says so, not raw.
  const [modified] = await sql<{ time_modified: string }>(
    "SELECT s.time_modified FROM customs_sub_orders s JOIN customs_declarations d ON d.id = s.declaration_id WHERE d.reference = $1 AND s.time_modified IS NOT NULL LIMIT 1",
    [reference],
  );
  const changed = page.getByTestId("customs-status").filter({ hasText: "变更于" }).first();
  await expect(changed).toContainText("CST");
  await expect(changed).not.toContainText(modified!.time_modified);
  await expectNoEnglish(page, [...data, ...(await served(reference))]);

  // The customs list, filtered to this order, and its CSV export.
  await page.goto(`/customs?q=${encodeURIComponent(reference)}`);
  await expect(page.getByTestId("declaration")).toHaveCount(1);
  await expect(page.getByTestId("declaration")).toContainText("申报成功");
  await expectNoEnglish(page, [...data, ...(await served(reference))]);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "导出 CSV" }).click(),
  ]);
  const csv = await readFile((await download.path())!, "utf8");
  const lines = csv.trim().split(/\r?\n/);
  expect(lines).toHaveLength(3); // the header and one line per sub-order
  for (const no of subs) expect(csv).toContain(no);

  // A Customs status the list cannot use (an edited link) is said beside its filter, in Chinese.
  await page.goto(`/customs?q=${encodeURIComponent(reference)}&customsStatus=9`);
  await expect(page.getByTestId("filter-issue-customsStatus")).toHaveText("此筛选条件不接受“9”，列表已忽略该值");
  await expect(page.getByRole("combobox", { name: "海关状态" })).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByTestId("declaration")).toHaveCount(1);
  await expectNoEnglish(page, [...data, ...(await served(reference))]);
});
