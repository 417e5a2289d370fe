import { expect, type Page, test } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { sessionState } from "./support/sessions";
import { englishWords } from "./support/no-english";
import { watchApiErrors } from "./support/zh-errors";
import { createUser, retireMadeAdmins, sql } from "./support/users";
import type { Role } from "../lib/platform/auth/permissions";

// Issue 50, items 3 and 5: what the server says back to a zh-CN person who sent something wrong —
// users, the password, settings, customs bulk files, refund batches, approvals, notes, saved
// views — is Chinese to the last message: every API error of these contexts is collected and
// none may hold an English word (data and codes aside, e2e/support/no-english.ts).

test.afterEach(retireMadeAdmins);

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
  const errors = watchApiErrors(context);
  const page = await context.newPage();
  await page.goto("/");
  return { user, context, page, errors };
}

const send = (
  page: Page,
  method: "POST" | "PATCH",
  path: string,
  data: unknown,
  headers: Record<string, string> = {},
) =>
  page.evaluate(
    async ({ method, path, data, headers }) => {
      const res = await fetch(path, {
        method,
        headers: { "Content-Type": "application/json", ...headers },
        body: typeof data === "string" ? data : JSON.stringify(data),
      });
      return res.status;
    },
    { method, path, data, headers },
  );

test("a zh-CN admin's refused users, password and settings are answered in Chinese", async ({ browser, baseURL }) => {
  const { user, context, page, errors } = await zhPerson(browser, baseURL!, "admin");
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
  expect(errors.said.length).toBeGreaterThanOrEqual(4);
  expect(await errors.untranslated([user.email, "abc😀", "<script>"])).toEqual([]);
  await context.close();
});

test("a zh-CN finance person's refused refunds, batches, notes and decisions are answered in Chinese", async ({
  browser,
  baseURL,
}) => {
  const { context, page, errors } = await zhPerson(browser, baseURL!, "finance");
  const key = { "Idempotency-Key": randomUUID() };
  expect(await send(page, "POST", "/api/refund-batches", { ids: [], reason: "nope" }, key)).toBe(422);
  expect(await send(page, "POST", "/api/transactions/no-such-charge/notes", { body: "" })).toBeGreaterThanOrEqual(400);
  expect(
    await send(page, "POST", "/api/transactions/no-such-charge/refunds", { amount: 1.5, reason: "nope" }, key),
  ).toBeGreaterThanOrEqual(400);
  expect(await send(page, "POST", "/api/transactions/no-such-charge/refunds", { amount: 100, reason: "other" })).toBe(
    400,
  );
  expect(errors.said.length).toBeGreaterThanOrEqual(4);
  expect(await errors.untranslated()).toEqual([]);
  await context.close();
});

test("a zh-CN ops person's customs file with a bad vendor is explained in Chinese, row by row", async ({
  browser,
  baseURL,
}) => {
  const { context, page, errors } = await zhPerson(browser, baseURL!, "ops");
  const csv = "reference,vendor,payment_type,order_fee\nzh-err-1,paypal,Online,50.00\n";
  const preview = await page.evaluate(async (csv) => {
    const res = await fetch("/api/customs/bulk?dryRun=1", {
      method: "POST",
      headers: { "Content-Type": "text/csv" },
      body: csv,
    });
    return { status: res.status, text: await res.text() };
  }, csv);
  // Whatever the answer (a preview of problems, or a refusal), a person reads it in Chinese.
  const words = JSON.parse(preview.text) as unknown;
  const texts: string[] = [];
  const walk = (v: unknown, key = "") => {
    if (typeof v === "string" && /message|problem|error|text/i.test(key)) texts.push(v);
    else if (Array.isArray(v)) v.forEach((x) => walk(x, key));
    else if (v && typeof v === "object") for (const [k, x] of Object.entries(v)) walk(x, k);
  };
  walk(words);
  expect(texts.length, `the preview says what is wrong: ${preview.text.slice(0, 300)}`).toBeGreaterThan(0);
  expect(texts.filter((t) => englishWords(t, ["zh-err-1", "paypal"]).length)).toEqual([]);
  expect(await errors.untranslated(["zh-err-1", "paypal"])).toEqual([]);
  await context.close();
});
