import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { totpCode } from "../lib/platform/auth/totp";
import { createUser, PASSWORD, retireMadeAdmins, sql, storageStateFor } from "./support/users";
import { answerStepUp, signIn, signInOk } from "./support/sign-in";
import { formsReady } from "./support/forms";

// Admins this file made, retired whatever happened: a second admin ever would put every later
// spec under the two-admin rule.
test.afterAll(retireMadeAdmins);

test("an admin without a second factor enrols before anything else, then signs in with a recovery code", async ({
  page,
  browser,
}) => {
  // Three sign-ins (each a password hash), an enrolment and a download: more than the default
  // half minute on a busy machine.
  test.setTimeout(60_000);
  const admin = await createUser("admin", "enrol", { mfa: false });
  await signIn(page, admin.email);
  await expect(page).toHaveURL(/\/account\/security$/);
  await expect(page.getByTestId("mfa-required")).toContainText("needs two-step sign-in");
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link")).toHaveCount(0);
  // Neither pages nor the API open until it is done.
  await page.goto("/users");
  await expect(page).toHaveURL(/\/account\/security$/);
  const refused = await page.request.get("/api/users");
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error.details.required).toBe("mfa_enrollment");

  await page.getByRole("button", { name: "Set up two-step sign-in" }).click();
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  const secret = (await page.getByTestId("mfa-secret").textContent())!.replace(/\s+/g, "");
  await page.getByLabel("Code from the app").fill("123456");
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByTestId("code-error")).toContainText("does not match");
  await page.getByLabel("Code from the app").fill(totpCode(secret));
  await page.getByRole("button", { name: "Turn on" }).click();
  const codes = page.getByTestId("recovery-codes").getByRole("listitem");
  await expect(codes).toHaveCount(10);
  const recovery = (await codes.first().textContent())!;
  // Shown once: they can be saved as a file and copied.
  const saving = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download (.txt)" }).click();
  const file = await saving;
  expect(file.suggestedFilename()).toBe("merchant-console-recovery-codes.txt");
  const saved = await readFile((await file.path())!, "utf8");
  for (const code of await codes.allTextContents()) expect(saved).toContain(code);
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.getByRole("button", { name: "Copy" }).click();
  await expect(page.getByTestId("recovery-copied")).toHaveText("Copied.");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(recovery);
  await page.getByRole("button", { name: "I have saved them — continue" }).click();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Users" })).toBeVisible();

  // A new browser: password, then a recovery code instead of the phone — once only.
  for (const [attempt, expected] of [
    [recovery, "ok"],
    [recovery, "refused"],
  ] as const) {
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const other = await context.newPage();
    await signIn(other, admin.email);
    await other.getByLabel("Authentication code").fill(attempt);
    await other.getByRole("button", { name: "Verify" }).click();
    if (expected === "ok") await expect(other.getByTestId("current-user")).toBeVisible();
    else await expect(other.getByTestId("login-error")).toContainText("does not match");
    await context.close();
  }
  const [used] = await sql<{ reason: string }>(
    "SELECT reason FROM audit_log WHERE actor_email = $1 AND action = 'auth.sign_in' AND result = 'ok' ORDER BY id DESC LIMIT 1",
    [admin.email],
  );
  expect(used?.reason).toBe("recovery code used");
});

test.describe("admin resets a password", () => {
  test.use({ storageState: storageStateFor("admin") });

  test("the temporary password is shown once, the user's sessions end, and they choose their own", async ({
    page,
    browser,
  }) => {
    // The user signs in three times, each through the code step now that a new merchant
    // requires two-step sign-in for everyone (issue 30): past the 30 s default on a busy machine.
    test.setTimeout(60_000);
    // An ops user: resetting a finance, manager or admin password waits for a second admin
    // (e2e/security-dual-control.spec.ts).
    const victim = await createUser("ops", "reset");
    const victimContext = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const victimPage = await victimContext.newPage();
    await signInOk(victimPage, victim.email);

    await page.goto("/users");
    await page.getByTestId(`user-row-${victim.email}`).getByRole("button", { name: "Reset password" }).click();
    await page.getByTestId("confirm-dialog").getByRole("button", { name: "Reset password" }).click();
    await answerStepUp(page, "e2e-admin@example.com", page.getByTestId("temporary-password"));
    const temporary = (await page.getByTestId("temporary-password").locator("code").textContent())!;
    expect(temporary).toMatch(/^[A-Za-z2-9]{16}$/);
    await page.getByRole("button", { name: "Done" }).click();
    await expect(page.getByTestId("temporary-password")).toHaveCount(0);
    await expect(page.getByTestId(`user-row-${victim.email}`)).toContainText("new password due");

    // The victim's open browser is signed out on its next request.
    await victimPage.goto("/transactions");
    await expect(victimPage).toHaveURL(/\/login.*ended=1/);
    await signIn(victimPage, victim.email, PASSWORD);
    await expect(victimPage.getByTestId("login-error")).toHaveText("Wrong email or password.");
    await signIn(victimPage, victim.email, temporary);
    await expect(victimPage).toHaveURL(/\/account\/password$/);
    await formsReady(victimPage);
    await victimPage.getByLabel("Current password").fill(temporary);
    await victimPage.getByLabel("New password", { exact: true }).fill("short");
    await victimPage.getByLabel("New password again").fill("short");
    await victimPage.getByRole("button", { name: "Change password" }).click();
    await expect(victimPage.getByTestId("newPassword-error")).toHaveText("Use at least 12 characters");
    await victimPage.getByLabel("New password", { exact: true }).fill("ops-chosen-pass-12");
    await victimPage.getByLabel("New password again").fill("ops-chosen-pass-12");
    await victimPage.getByRole("button", { name: "Change password" }).click();
    await expect(victimPage.getByRole("heading", { name: /^Welcome/ })).toBeVisible();
    await victimContext.close();

    // The log names the reset and the change, never a password.
    await page.goto(`/audit?action=user.password`);
    await expect(page.getByTestId("audit-table")).toContainText("user.password_reset");
    await expect(page.getByTestId("audit-table")).toContainText("user.password_change");
    expect(await page.content()).not.toContain(temporary);
  });
});

test("a session idle for longer than the time-out is over, on pages and the API", async ({ page }) => {
  const user = await createUser("finance", "idle");
  await signInOk(page, user.email);
  await sql("UPDATE sessions SET last_seen_at = now() - interval '16 minutes' WHERE user_id = $1", [user.id]);
  expect((await page.request.get("/api/transactions")).status()).toBe(401);
  await page.goto("/transactions");
  await expect(page).toHaveURL(/\/login\?callbackUrl=%2Ftransactions&ended=1/);
  await expect(page.getByTestId("session-ended")).toBeVisible();
});

test("sign-out ends the session on the server: the old cookie no longer works", async ({ page, browser }) => {
  const user = await createUser("ops", "signout");
  await signInOk(page, user.email);
  const cookies = await page.context().cookies();
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login/);
  const replay = await browser.newContext({ storageState: { cookies, origins: [] } });
  expect((await replay.request.get("/api/me")).status()).toBe(401);
  await replay.close();
  const [row] = await sql<{ revoked_reason: string }>("SELECT revoked_reason FROM sessions WHERE user_id = $1", [
    user.id,
  ]);
  expect(row?.revoked_reason).toBe("signed out");
});

test("each sign-in gets a new session id, and a user can end their other sessions", async ({ page, browser }) => {
  // Two sign-ins of a finance user, each through the code step now (issue 30, item 11).
  test.setTimeout(60_000);
  const user = await createUser("finance", "two-browsers");
  await signInOk(page, user.email);
  const other = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const otherPage = await other.newPage();
  await signInOk(otherPage, user.email);
  const sessions = await sql<{ id: string }>("SELECT id FROM sessions WHERE user_id = $1 AND revoked_at IS NULL", [
    user.id,
  ]);
  expect(new Set(sessions.map((s) => s.id)).size).toBe(2);

  await page.goto("/account/security");
  await expect(page.getByTestId("sessions").getByRole("listitem")).toHaveCount(2);
  await page.getByRole("button", { name: "Sign out other sessions" }).click();
  await expect(page.getByTestId("sessions").getByRole("listitem")).toHaveCount(1);
  expect((await otherPage.request.get("/api/me")).status()).toBe(401);
  expect((await page.request.get("/api/me")).status()).toBe(200);
  await other.close();
});
