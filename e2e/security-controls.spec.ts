import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { createUser, ROLE_USERS, sql, storageStateFor } from "./support/users";
import { answerStepUp, stepUpApi } from "./support/sign-in";
import { SANDBOX_URL, sandboxCall, sandboxCharge, sandboxRefundCount } from "./support/sandbox";

// Issue 17, items 1, 3 and 9: no single admin session lowers a control, mints an admin or
// sends the merchant's private key elsewhere; no split refund avoids the manager.
const ADMIN = ROLE_USERS.admin.email;
const run = Date.now().toString(36);
let n = 0;

/** This admin session has not given a fresh code (a stolen cookie has not either). */
const forgetStepUp = () =>
  sql("UPDATE sessions SET stepped_up_at = NULL WHERE user_id = (SELECT id FROM users WHERE email = $1)", [ADMIN]);
const lastDenial = async (action: string) =>
  (
    await sql<{ result: string; reason: string }>(
      "SELECT result, reason FROM audit_log WHERE actor_email = $1 AND action = $2 ORDER BY id DESC LIMIT 1",
      [ADMIN, action],
    )
  )[0];

async function expectStepUpRequired(res: Awaited<ReturnType<APIRequestContext["post"]>>, action: string) {
  expect(res.status(), await res.text()).toBe(403);
  expect(((await res.json()) as { error: { details: { required: string } } }).error.details.required).toBe("step_up");
  expect(await lastDenial(action)).toEqual({ result: "denied", reason: "fresh authentication code required" });
}

test.describe("user management needs a fresh second factor (item 9)", () => {
  test.use({ storageState: storageStateFor("admin") });

  test("creating a user, changing a role and disabling a user are refused without it, and audited", async ({
    request,
    baseURL,
  }) => {
    const headers = { Origin: baseURL! };
    const victim = await createUser("finance", "stepup-target");
    await forgetStepUp();
    const email = `minted-${run}@example.com`;
    await expectStepUpRequired(
      await request.post("/api/users", {
        headers,
        data: { name: "Mallory", email, role: "admin", password: "a-strong-password-1" },
      }),
      "user.create",
    );
    await expectStepUpRequired(
      await request.patch(`/api/users/${victim.id}`, { headers, data: { role: "admin" } }),
      "user.update",
    );
    await expectStepUpRequired(
      await request.patch(`/api/users/${victim.id}`, { headers, data: { disabled: true } }),
      "user.update",
    );
    const [row] = await sql<{ role: string; disabled: boolean }>("SELECT role, disabled FROM users WHERE id = $1", [
      victim.id,
    ]);
    expect(row).toEqual({ role: "finance", disabled: false });
    expect(await sql("SELECT 1 FROM users WHERE email = $1", [email])).toHaveLength(0);

    await stepUpApi(request, baseURL!, ADMIN);
    expect((await request.patch(`/api/users/${victim.id}`, { headers, data: { role: "ops" } })).status()).toBe(200);
    expect((await request.patch(`/api/users/${victim.id}`, { headers, data: { disabled: true } })).status()).toBe(200);
  });
});

/** A host the console must not hand credentials to, recording what reaches it. */
async function listener() {
  const seen: IncomingMessage[] = [];
  const server: Server = createServer((req, res) => {
    seen.push(req);
    res.writeHead(404).end("nothing here");
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const close = () =>
    new Promise<void>((r) => {
      server.close(() => r());
      server.closeAllConnections();
    });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, close };
}

test.describe("settings that send credentials or lower a control (item 1)", () => {
  test.use({ storageState: storageStateFor("admin") });
  test.afterEach(async () => {
    // Whatever happened, the next spec talks to the sandbox with verified credentials.
    await sql("DELETE FROM settings WHERE key IN ('upiBaseUrl', 'unverified.upiBaseUrl', 'refundApprovalPercent')");
  });

  test("base URLs, the public URL, the approval rules, the merchant's customs registration and Test connection need step-up; a time-out does not", async ({
    request,
    baseURL,
  }) => {
    const headers = { Origin: baseURL! };
    await forgetStepUp();
    expect((await request.patch("/api/settings", { headers, data: { upiTimeoutMs: 16_000 } })).status()).toBe(200);
    // What every declaration carries to Customs in the merchant's name (issue 48, item 5).
    await expectStepUpRequired(
      await request.patch("/api/settings", { headers, data: { merchantCustomsName: `Merchant ${run}` } }),
      "settings.update",
    );
    await expectStepUpRequired(
      await request.patch("/api/settings", { headers, data: { merchantCustomsCode: "3301960009" } }),
      "settings.update",
    );
    await expectStepUpRequired(
      await request.patch("/api/settings", { headers, data: { upiBaseUrl: "http://127.0.0.1:9" } }),
      "settings.update",
    );
    await expectStepUpRequired(
      await request.patch("/api/settings", { headers, data: { publicUrl: "https://attacker.example" } }),
      "settings.update",
    );
    await expectStepUpRequired(
      await request.patch("/api/settings", { headers, data: { refundApprovalPercent: 100 } }),
      "settings.update",
    );
    await expectStepUpRequired(
      await request.post("/api/settings/test-connection", { headers }),
      "settings.test_connection",
    );
    expect((await (await request.get("/api/settings")).json()).settings.upiBaseUrl).toBe(SANDBOX_URL);
  });

  test("a changed base URL gets no key until it is entered again and tested; Test connection answers without internals", async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    const headers = { Origin: baseURL! };
    const elsewhere = await listener();
    try {
      await stepUpApi(request, baseURL!, ADMIN);
      expect((await request.patch("/api/settings", { headers, data: { upiBaseUrl: elsewhere.url } })).status()).toBe(
        200,
      );
      expect((await (await request.get("/api/settings")).json()).unverified.upiBaseUrl.by).toBe(ADMIN);

      // Finance works as usual: the call is refused, and the new host sees nothing.
      const finance = await browser.newContext({ storageState: storageStateFor("finance"), baseURL });
      const imported = await finance.request.post("/api/transactions/import", {
        headers,
        data: { id: "ch_anything_1" },
      });
      expect(imported.status()).toBe(503);
      expect((await imported.json()).error.message).toContain("Test connection");
      await finance.close();
      expect(elsewhere.seen).toHaveLength(0);

      await page.goto("/settings");
      await expect(page.getByTestId("unverified-notice")).toContainText("Payments are paused");
      // The stored private key went with the change: one admin pressing Test connection
      // cannot send it to the address they just typed.
      await page.getByRole("button", { name: "Test connection" }).click();
      await answerStepUp(page, ADMIN, page.getByTestId("settings-message"));
      await expect(page.getByTestId("settings-message")).toContainText("No private key is set");
      expect(elsewhere.seen).toHaveLength(0);

      // Back to the payment service: the key entered again and a successful test lift the pause.
      await page.getByLabel("Payment API base URL").fill(SANDBOX_URL);
      await page.getByRole("button", { name: "Save settings" }).click();
      await answerStepUp(page, ADMIN, page.getByTestId("environment-message"));
      await expect(page.getByTestId("environment-message")).toHaveText("Settings saved.");
      await expect(page.getByTestId("unverified-notice")).toBeVisible();
      expect(
        (
          await page.request.put("/api/settings/credentials/private-key", {
            headers,
            data: { value: "sk_sandbox_default_private_key" },
          })
        ).status(),
      ).toBe(200);
      await page.getByRole("button", { name: "Test connection" }).click();
      await expect(page.getByTestId("settings-message")).toContainText("issued a server token");
      await expect(page.getByTestId("settings-message")).not.toContainText(SANDBOX_URL);
      await expect(page.getByTestId("unverified-notice")).toHaveCount(0);
    } finally {
      await elsewhere.close();
    }
  });
});

test.describe("refund approval counts the whole charge (item 3)", () => {
  test.use({ storageState: storageStateFor("finance") });

  test("two refunds just under the threshold: the second waits for a manager", async ({ request, baseURL }) => {
    const c = await sandboxCharge({ reference: `e2e-split-${run}-${++n}`, amount: 100_000, currency: "USD" });
    await sandboxCall("POST", "/v1/captures", {
      id: c.id,
      reference: `e2e-split-${run}-${++n}-cap`,
      transaction_amount: 100_000,
    });
    expect(
      (await request.post("/api/transactions/import", { headers: { Origin: baseURL! }, data: { id: c.id } })).status(),
    ).toBe(201);
    const refund = (amount: number) =>
      request.post(`/api/transactions/${c.id}/refunds`, {
        headers: { Origin: baseURL!, "Idempotency-Key": `split-${run}-${++n}` },
        data: { amount, reason: "consumer_requested" },
      });
    // $500.00 is the default USD threshold: $400 + $400 goes above it.
    expect((await (await refund(40_000)).json()).operation.status).toBe("succeeded");
    expect((await (await refund(40_000)).json()).operation.status).toBe("pending_approval");
    expect(await sandboxRefundCount(c.id)).toBe(1);
  });
});

test.describe("the approval default on the settings page", () => {
  test.use({ storageState: storageStateFor("admin") });

  test("says that unlisted currencies always need approval", async ({ page }) => {
    await page.goto("/settings");
    await expect(page.getByTestId("approval-default")).toContainText(
      "Currencies not listed: every refund needs approval",
    );
  });
});
