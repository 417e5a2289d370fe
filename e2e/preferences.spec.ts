import { expect, test } from "@playwright/test";
import { createUser, PASSWORD, sql } from "./support/users";
import { freshCode, signInOk } from "./support/sign-in";

// A person's own language and time zone (Account → Language and time zone), effective on the
// next page; and the first sign-in's defaults from the browser. Fresh users: the demo users'
// English and UTC (playwright.config.ts pins the browser's) stay what every other spec sees.

test("a person picks 简体中文 and Asia/Shanghai: the next page is in Chinese, times named CST, the sign-in page follows", async ({
  page,
}) => {
  const user = await createUser("finance", "prefs");
  await signInOk(page, user.email);
  // The pinned browser (en-US, UTC) gave the first sign-in its defaults.
  expect(await sql("SELECT locale, time_zone FROM users WHERE id = $1", [user.id])).toEqual([
    { locale: "en", time_zone: "UTC" },
  ]);
  await expect(page.getByTestId("header-preferences")).toContainText("UTC");
  await page.getByTestId("header-preferences").click();
  await expect(page.getByRole("heading", { name: "Language and time zone" })).toBeVisible();
  await page.getByLabel("Language").selectOption("zh-CN");
  await page.getByLabel("Time zone").selectOption("Asia/Shanghai");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("preferences-message")).toBeVisible();

  // The next page: Chinese navigation, and every time in the person's zone, named.
  await page.goto("/account/security");
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
  const nav = page.getByRole("navigation", { name: "主导航" });
  await expect(nav.getByRole("link", { name: "概览" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "交易" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "安全" })).toBeVisible();
  const session = page.getByTestId("sessions").getByRole("listitem").first();
  await expect(session).toContainText(/\d{2}:\d{2} CST/);
  await expect(page.getByTestId("header-preferences")).toContainText("CST");

  expect(await sql("SELECT locale, time_zone FROM users WHERE id = $1", [user.id])).toEqual([
    { locale: "zh-CN", time_zone: "Asia/Shanghai" },
  ]);
  const audit = await sql<{ result: string; detail: { locale: string; timeZone: string } }>(
    "SELECT result, detail FROM audit_log WHERE actor_id = $1 AND action = 'account.preferences.update'",
    [user.id],
  );
  expect(audit).toMatchObject([{ result: "ok", detail: { locale: "zh-CN", timeZone: "Asia/Shanghai" } }]);

  // Signed out, this browser's sign-in page speaks the language chosen.
  await page.getByRole("button", { name: "退出登录" }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole("button", { name: "登录" })).toBeVisible();
});

test("a first sign-in from a Chinese browser in Shanghai starts in Chinese and CST", async ({ browser, baseURL }) => {
  const user = await createUser("finance", "prefs-first");
  const context = await browser.newContext({ baseURL, locale: "zh-CN", timezoneId: "Asia/Shanghai" });
  const page = await context.newPage();
  await page.goto("/login");
  // Nobody has signed in on this browser: the sign-in page follows Accept-Language.
  await expect(page.getByRole("button", { name: "登录" })).toBeVisible();
  await page.locator("#email").fill(user.email);
  await page.locator("#password").fill(PASSWORD);
  await page.getByRole("button", { name: "登录" }).click();
  // Every role signs in with a second factor on a new merchant: the code step, in Chinese too.
  await page.getByLabel("验证码").fill(await freshCode(user.email));
  await page.getByRole("button", { name: "验证" }).click();
  await expect(page.getByTestId("current-user")).toBeVisible();
  expect(await sql("SELECT locale, time_zone FROM users WHERE id = $1", [user.id])).toEqual([
    { locale: "zh-CN", time_zone: "Asia/Shanghai" },
  ]);
  // The sign-in left the language for this browser's next sign-in page.
  const cookie = (await context.cookies()).find((c) => c.name === "console-locale");
  expect(cookie).toMatchObject({ value: "zh-CN", httpOnly: true, sameSite: "Lax" });
  await page.goto("/");
  await expect(page.getByRole("navigation", { name: "主导航" }).getByRole("link", { name: "概览" })).toBeVisible();
  await context.close();
});
