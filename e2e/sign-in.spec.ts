import { expect, test } from "@playwright/test";
import { ROLES, type Role } from "../lib/platform/auth/permissions";
import { createUser, ROLE_USERS, retireMadeAdmins, storageStateFor } from "./support/users";
import { freshCode, signIn, signInOk } from "./support/sign-in";

const EXPECTED_NAV: Record<Role, string[]> = {
  admin: ["Overview", "Transactions", "Vault", "Customs", "Webhook inbox", "Audit log", "Users", "Settings"],
  finance: [
    "Overview",
    "Transactions",
    "Virtual terminal",
    "Pay by link",
    "Vault",
    "Refund batches",
    "Chargebacks",
    "Reconciliation",
    "Reports",
  ],
  ops: ["Overview", "Transactions", "Customs"],
  manager: [
    "Overview",
    "Transactions",
    "Vault",
    "Customs",
    "Approvals",
    "Chargebacks",
    "Reconciliation",
    "Webhook inbox",
    "Reports",
    "Audit log",
  ],
};

// An admin made here leaves the two-admin rule's count as it found it, passed or not.
test.afterEach(retireMadeAdmins);

test.describe("sign-in by role", () => {
  for (const role of ROLES) {
    test(`${role} signs in and sees the navigation of the role`, async ({ page }) => {
      // A user of its own: the shared role users' authenticator codes are spent by other specs' step-ups.
      const user = await createUser(role, `nav-${role}`);
      await signInOk(page, user.email);
      await expect(page.getByTestId("current-user")).toHaveText(user.name);
      await expect(page.getByTestId("current-role")).toHaveText(new RegExp(role === "ops" ? "Operations" : role, "i"));
      const links = page.getByRole("navigation", { name: "Main" }).getByRole("link");
      await expect(links).toHaveText(EXPECTED_NAV[role]);
    });
  }

  test("a wrong password and an unknown email get the same message", async ({ page }) => {
    await signIn(page, ROLE_USERS.finance.email, "not-the-password");
    await expect(page.getByTestId("login-error")).toHaveText("Wrong email or password.");
    await signIn(page, "nobody@example.com", "not-the-password");
    await expect(page.getByTestId("login-error")).toHaveText("Wrong email or password.");
    await expect(page).toHaveURL(/\/login/);
  });

  test("repeated failures are throttled, even with the right password", async ({ page }) => {
    const user = await createUser("finance", "throttled");
    for (let i = 0; i < 5; i++) {
      await signIn(page, user.email, `wrong-${i}`);
      await expect(page.getByTestId("login-error")).toBeVisible();
    }
    await signIn(page, user.email, user.password);
    await expect(page.getByTestId("login-error")).toContainText("Too many failed sign-ins");
  });

  test("an anonymous visitor is sent to sign-in and back afterwards, through the code step", async ({ page }) => {
    const manager = await createUser("manager", "returning");
    await page.goto("/audit");
    await expect(page).toHaveURL(/\/login\?callbackUrl=%2Faudit/);
    await page.getByLabel("Email").fill(manager.email);
    await page.getByLabel("Password").fill("e2e-password-123");
    await page.getByRole("button", { name: "Sign in" }).click();
    // Managers approve refunds: a second factor after the password.
    await page.getByLabel("Authentication code").fill("000000");
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByTestId("login-error")).toContainText("That code does not match");
    await page.getByLabel("Authentication code").fill(await freshCode(manager.email));
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(/\/audit$/);
    await expect(page.getByRole("heading", { name: "Audit log" })).toBeVisible();
  });

  test("sign-out ends the session", async ({ page }) => {
    await signInOk(page, ROLE_USERS.ops.email);
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/login/);
    await page.goto("/");
    await expect(page).toHaveURL(/\/login/);
  });
});

test.describe("pages check the role themselves", () => {
  test.use({ storageState: storageStateFor("finance") });

  test("finance opening the users page gets a 403 page", async ({ page }) => {
    const response = await page.goto("/users");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "You don’t have access to this page" })).toBeVisible();
  });
});

// Issue 30, item 7: submitted before its script is ready (always, with scripts off), the
// sign-in form used to GET /login?email=…&password=… into history, proxies and logs.
test.describe("sign-in with scripts off", () => {
  test.use({ javaScriptEnabled: false });

  test("the form posts: the password never reaches the address bar", async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("Email").fill(ROLE_USERS.finance.email);
    await page.getByLabel("Password").fill("typed-before-the-script");
    const sent = page.waitForRequest(
      (r) =>
        (r.isNavigationRequest() && r.frame() === page.mainFrame() && r.method() !== "GET") ||
        r.url().includes("typed-before"),
    );
    await page.getByRole("button", { name: "Sign in" }).click();
    const request = await sent;
    expect(request.method()).toBe("POST");
    expect(request.url()).not.toContain("typed-before-the-script");
    await page.waitForLoadState();
    expect(page.url()).not.toContain("password");
  });

  test("a credential typed into the URL is redirected away", async ({ page }) => {
    const response = await page.goto("/login?email=fin%40example.com&password=hunter2");
    expect(page.url()).toMatch(/\/login\?email=fin%40example\.com$/);
    expect(response?.request().redirectedFrom()?.url()).toContain("password=hunter2");
  });
});
