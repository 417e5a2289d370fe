import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { totpCode } from "../../lib/platform/auth/totp";
import { addRecoveryCode, PASSWORD, sql, totpSecretOf } from "./users";

/**
 * A second factor the server will take now. TOTP codes are single-use per 30-second step and
 * the server accepts one step of drift: while the current or the next step is unused, its code
 * is given. When both are spent (several sign-ins and step-ups of one user in a row), a recovery
 * code is added for the user and given instead of waiting up to 30 s for a new step — the
 * server takes either, as a person with a spent phone code would use one.
 */
export async function freshCode(email: string): Promise<string> {
  const secret = totpSecretOf(email);
  if (!secret) throw new Error(`no authenticator secret known for ${email}`);
  const [row] = await sql<{ last_step: string }>(
    "SELECT m.last_step FROM user_mfa m JOIN users u ON u.id = m.user_id WHERE u.email = $1",
    [email],
  );
  const lastStep = Number(row?.last_step ?? 0);
  const now = Date.now();
  const current = Math.floor(now / 30_000);
  // Within 2 s of the next step the current code may be taken late: use the one after.
  if (lastStep < current && now % 30_000 < 28_000) return totpCode(secret, now);
  if (lastStep <= current) return totpCode(secret, now + 30_000);
  return addRecoveryCode(email);
}

/** `path`: where the password form is (the break-glass link's page while single sign-on is required). */
export async function signIn(page: Page, email: string, password = PASSWORD, { path = "/login" } = {}) {
  await page.goto(path);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  if (totpSecretOf(email)) {
    // Users with a second factor get the code step (after a temporary password too: every
    // role has one on a new merchant); a refused password stays on the first.
    const code = page.getByLabel("Authentication code");
    const error = page.getByTestId("login-error");
    await expect(code.or(error).first()).toBeVisible();
    if (await code.isVisible()) {
      await code.fill(await freshCode(email));
      await page.getByRole("button", { name: "Verify" }).click();
    }
  }
}

export async function signInOk(page: Page, email: string, password = PASSWORD) {
  await signIn(page, email, password);
  await expect(page.getByTestId("current-user")).toBeVisible();
}

/** Gives this API context's session a fresh code (step-up) before a sensitive call. */
export async function stepUpApi(request: APIRequestContext, baseURL: string, email: string) {
  const res = await request.post("/api/me/step-up", {
    headers: { Origin: baseURL },
    data: { code: await freshCode(email) },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * After a click on a sensitive action: answers the "Confirm it is you" dialog when it comes
 * (the session may have stepped up minutes ago), then waits for `done`.
 */
export async function answerStepUp(page: Page, email: string, done: Locator) {
  const dialog = page.getByRole("dialog", { name: "Confirm it is you" });
  await expect(dialog.or(done).first()).toBeVisible();
  if (await dialog.isVisible()) {
    await dialog.getByLabel("Authentication code").fill(await freshCode(email));
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await expect(dialog).toHaveCount(0);
  }
  await expect(done).toBeVisible();
}
