import { expect, type Page, test } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { sessionState } from "./support/sessions";
import { englishWords } from "./support/no-english";
import { createUser, retireMadeAdmins, sql } from "./support/users";
import type { Role } from "../lib/platform/auth/permissions";

// Issue 50, items 3 and 5: what the server says back to a zh-CN person who sent something wrong —
// users, the password, settings, customs bulk files, refund batches, approvals, notes, saved
// views — is Chinese to the last message: every error the API answers them is read and
// none may hold an English word (data and codes aside, e2e/support/no-english.ts).

test.afterEach(retireMadeAdmins);

// The file's column names are the file's own codes, named as they are written in it.
const VENDORS = ["paypal", "alipay", "wechatpay", "upop"];
const COLUMNS = ["reference", "vendor", "payment_type", "customs_location", "sub_order_no", "order_fee", "duty"];

async function zhPerson(browser: import("@playwright/test").Browser, baseURL: string, role: Role) {
  const user = await createUser(role, `zh-err-${role}`);
  await sql("UPDATE users SET locale = 'zh-CN', time_zone = 'Asia/Shanghai' WHERE id = $1", [user.id]);
  const context = await browser.newContext({
    baseURL,
    locale: "zh-CN",
    storageState: await sessionState(user.email, baseURL),
  });
  // A fresh second factor given: the refusals are the input's, not the step-up's.
  await sql("UPDATE sessions SET stepped_up_at = now() WHERE user_id = $1", [user.id]);
  const page = await context.newPage();
  await page.goto("/");
  return { user, context, page };
}

const send = async (
  page: Page,
  method: "POST" | "PATCH",
  path: string,
  data: unknown,
  headers: Record<string, string> = {},
) => {
  const { status, body } = await page.evaluate(
    async ({ method, path, data, headers }) => {
      const res = await fetch(path, {
        method,
        headers: { "Content-Type": "application/json", ...headers },
        body: typeof data === "string" ? data : JSON.stringify(data),
      });
      return { status: res.status, body: await res.text() };
    },
    { method, path, data, headers },
  );
  said.push(...errorTexts(body));
  return status;
};

/** What the API said back, as a person reads it: the error's message and each field's problem. */
const said: string[] = [];
function errorTexts(body: string): string[] {
  try {
    const { error } = JSON.parse(body) as {
      error?: { message?: string; details?: { fields?: { message: string }[] } };
    };
    return error?.message ? [error.message, ...(error.details?.fields ?? []).map((f) => f.message)] : [];
  } catch {
    return [];
  }
}
const english = (data: readonly string[]) => said.splice(0).filter((t) => englishWords(t, data).length > 0);

test("a zh-CN admin's refused users, password and settings are answered in Chinese", async ({ browser, baseURL }) => {
  const { user, context, page } = await zhPerson(browser, baseURL!, "admin");
  expect(
    await send(page, "POST", "/api/users", { email: "nope", name: "", role: "finance", password: "x" }),
  ).toBeGreaterThanOrEqual(400);
  expect(
    await send(page, "POST", "/api/account/password", { currentPassword: "", newPassword: "short" }),
  ).toBeGreaterThanOrEqual(400);
  expect(
    await send(page, "PATCH", "/api/settings", {
      upiTimeoutMs: 5,
      merchantCustomsCode: "abc😀",
      merchantCustomsName: "<script>",
      refundApprovalPercent: 200,
      refundApprovalThresholds: { usd: 1.5 },
      reconciliationDays: 0,
    }),
  ).toBe(422);
  expect(await send(page, "POST", "/api/views", { list: "transactions", name: "", query: "cursor=1" })).toBe(422);
  expect(said.length).toBeGreaterThanOrEqual(4);
  expect(english([user.email, "abc😀", "<script>"])).toEqual([]);
  await context.close();
});

test("a zh-CN finance person's refused refunds, batches, notes and decisions are answered in Chinese", async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await zhPerson(browser, baseURL!, "finance");
  const key = { "Idempotency-Key": randomUUID() };
  expect(await send(page, "POST", "/api/refund-batches", { ids: [], reason: "nope" }, key)).toBe(422);
  expect(await send(page, "POST", "/api/transactions/no-such-charge/notes", { body: "" })).toBeGreaterThanOrEqual(400);
  expect(
    await send(page, "POST", "/api/transactions/no-such-charge/refunds", { amount: 1.5, reason: "nope" }, key),
  ).toBeGreaterThanOrEqual(400);
  expect(
    await send(page, "POST", "/api/transactions/no-such-charge/refunds", { amount: 100, reason: "other" }),
  ).toBeGreaterThanOrEqual(400);
  expect(said.length).toBeGreaterThanOrEqual(4);
  expect(english([])).toEqual([]);
  await context.close();
});

test("a zh-CN ops person's customs file with a bad vendor is explained in Chinese, row by row", async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await zhPerson(browser, baseURL!, "ops");
  await page.goto("/customs");
  await page.locator("summary").filter({ hasText: "CSV" }).click();
  await page.locator('input[type="file"]').setInputFiles({
    name: "orders.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(
      "reference,vendor,payment_type,customs_location,order_fee\nzh-err-1,paypal,Online,5100,50.00\n",
    ),
  });
  for (const column of ["vendor", "reference"]) {
    const problem = page.locator(`[data-testid="bulk-problem"][data-line="2"][data-column="${column}"]`);
    await expect(problem).toBeVisible();
    expect(englishWords(await problem.innerText(), ["zh-err-1", ...VENDORS, ...COLUMNS]), column).toEqual([]);
  }
  await context.close();
});
