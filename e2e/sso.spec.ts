import { expect, test } from "@playwright/test";
import { CONSOLE_CLIENT, startOidcProvider, type Account } from "../test/oidc-harness";
import { putSecret } from "../scripts/lib/secrets";
import { keyringOrThrow } from "../lib/platform/secrets/crypto";
import { withPg } from "../scripts/lib/users";
import { createUser, databaseUrl, ROLE_USERS, retireMadeAdmins } from "./support/users";
import { freshCode, signIn } from "./support/sign-in";

// Company sign-in in the browser against a real OpenID Provider (oidc-provider) on loopback:
// the button, the provider's login, back into the console; the console's own code when the
// token shows no second factor; a clear page for a group nobody mapped; and with SSO required
// and the provider down, the password form only behind the break-glass link. The callback's
// checks (audience, expiry, state, nonce, mix-up, rotation) are lib/sso/sso.test.ts.

const accounts: Record<string, Account> = {
  ops: { email: ROLE_USERS.ops.email, email_verified: true, name: "Olga Ops", groups: ["acme-ops"] },
  contractor: { email: "contractor@example.com", email_verified: true, groups: ["contractors"] },
};
let op: Awaited<ReturnType<typeof startOidcProvider>>;

const configure = (mode: string, breakGlass: string[] = []) =>
  withPg(databaseUrl(), async (client) => {
    await client.query(
      `INSERT INTO sso_config (id, issuer, client_id, mode, label, mappings, break_glass, updated_at)
       VALUES (1, $1, $2, $3, 'Acme SSO', $4, $5, now())
       ON CONFLICT (id) DO UPDATE SET issuer = $1, client_id = $2, mode = $3, label = 'Acme SSO', mappings = $4, break_glass = $5`,
      [
        op.issuer,
        CONSOLE_CLIENT.id,
        mode,
        JSON.stringify([
          { group: "acme-ops", role: "ops" },
          { group: "acme-finance", role: "finance" },
        ]),
        breakGlass,
      ],
    );
    await putSecret(client, keyringOrThrow(process.env), "sso.client_secret", CONSOLE_CLIENT.secret, "e2e");
  });

test.beforeAll(async ({ baseURL }) => {
  op = await startOidcProvider(`${baseURL}/api/sso/callback`, accounts);
  await configure("optional");
});
test.afterAll(async () => {
  await withPg(databaseUrl(), async (client) => {
    await client.query("DELETE FROM sso_config");
    await client.query("DELETE FROM secrets WHERE name = 'sso.client_secret'");
  });
  await op.stop().catch(() => undefined);
});
test.afterEach(retireMadeAdmins);

test("signs in with the company button; the console asks its own code only when the token shows no second factor", async ({
  page,
}) => {
  op.state.login = { account: "ops", amr: ["pwd", "mfa"] };
  await page.goto("/login?callbackUrl=%2Ftransactions");
  await page.getByTestId("sso-button").click();
  await expect(page).toHaveURL(/\/transactions/);
  await expect(page.getByTestId("current-user")).toBeVisible();

  const finance = await createUser("finance", "sso-finance");
  accounts.finance = { email: finance.email, email_verified: true, groups: ["acme-finance"] };
  op.state.login = { account: "finance", amr: ["pwd"] };
  await page.context().clearCookies();
  await page.goto("/login");
  await page.getByTestId("sso-button").click();
  await page.getByLabel("Authentication code").fill(await freshCode(finance.email));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByTestId("current-user")).toBeVisible();
});

test("a group nobody mapped gets a clear page and no session", async ({ page }) => {
  op.state.login = { account: "contractor" };
  await page.goto("/login");
  await page.getByTestId("sso-button").click();
  await expect(page.getByTestId("sso-refused")).toHaveAttribute("data-reason", "unmapped");
  await expect(page.getByTestId("sso-refused-message")).toContainText("none of its groups gives a role");
  await page.goto("/transactions");
  await expect(page).toHaveURL(/\/login/);
});

test("SSO required and the provider down: a clear page, and the password only for a break-glass admin", async ({
  page,
}) => {
  const admin = await createUser("admin", "break-glass");
  await configure("required", [admin.email]);
  await op.stop();
  await page.goto("/login");
  await expect(page.getByLabel("Password")).toHaveCount(0);
  await page.getByTestId("sso-button").click();
  await expect(page.getByTestId("sso-refused")).toHaveAttribute("data-reason", "unavailable");
  await page.getByTestId("break-glass-link").click();
  await expect(page).toHaveURL(/breakglass=1/);
  await signIn(page, ROLE_USERS.finance.email, undefined, { path: page.url() });
  await expect(page.getByTestId("login-error")).toContainText("single sign-on");
  await signIn(page, admin.email, undefined, { path: page.url() });
  await expect(page.getByTestId("current-user")).toBeVisible();
});
