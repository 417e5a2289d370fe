import { type APIResponse, expect, test } from "@playwright/test";
import { createUser, ROLE_USERS, sql, storageStateFor, strayAdmins } from "./support/users";
import { answerStepUp, signIn, stepUpApi } from "./support/sign-in";
import { secondAdmin } from "./support/second-admin";
import { restoreSandboxSecret } from "./support/webhooks";

// Issue 17: no single person can lower a control. A change that loosens one (a higher refund
// threshold, a new manager, a reset of a finance user's password) waits for a second admin.
const ADMIN = ROLE_USERS.admin.email;
type Thresholds = Record<string, number>;
const usd = (minor: number) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(minor / 100);

test.describe("two admins (maker-checker for admins)", () => {
  test.use({ storageState: storageStateFor("admin") });
  // Each case signs a second admin in and steps up both: two sign-ins and four step-ups, which
  // on a busy machine pass the default time-out.
  test.describe.configure({ timeout: 60_000 });
  // Each case counts on the seeded admin being the only one until it adds B: an admin another
  // spec left enabled would be a silent approver (CI's stop 40: keyboard-focus's admin was).
  test.beforeEach(async () => {
    expect(await strayAdmins(), "admins another spec left counted: retire them with retireAdmin").toEqual([]);
  });

  test("admin A raises a threshold: it waits; A cannot approve it; admin B approves with step-up and it applies", async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    const headers = { Origin: baseURL! };
    const b = await secondAdmin(browser, baseURL!);
    try {
      const thresholds = (await (await request.get("/api/settings")).json()).settings
        .refundApprovalThresholds as Thresholds;
      const raised = { ...thresholds, USD: thresholds.USD! + 1_000_000_000 };
      await stepUpApi(request, baseURL!, ADMIN);
      const asked = await request.patch("/api/settings", { headers, data: { refundApprovalThresholds: raised } });
      expect(asked.status(), await asked.text()).toBe(202);
      const { pendingChange } = (await asked.json()) as { pendingChange: { id: string; lines: string[] } };
      expect(pendingChange.lines).toEqual([
        `Refund approval threshold USD: ${usd(thresholds.USD!)} → ${usd(raised.USD)}`,
      ]);
      expect((await (await request.get("/api/settings")).json()).settings.refundApprovalThresholds.USD).toBe(
        thresholds.USD,
      );

      // The requester cannot answer it, even with a fresh code; only withdraw it.
      const own = await request.post(`/api/pending-changes/${pendingChange.id}/approve`, { headers, data: {} });
      expect(own.status()).toBe(403);
      expect((await own.json()).error.message).toContain("another admin must approve");
      expect(
        (await request.post(`/api/pending-changes/${pendingChange.id}/reject`, { headers, data: {} })).status(),
      ).toBe(403);
      // …and the other admin cannot withdraw it.
      expect(
        (await b.request.post(`/api/pending-changes/${pendingChange.id}/withdraw`, { headers, data: {} })).status(),
      ).toBe(403);

      // A sees it waiting with Withdraw, not Approve.
      await page.goto("/settings");
      const mine = page.getByTestId(`pending-change-${pendingChange.id}`);
      await expect(mine).toContainText(`Asked by ${ADMIN}`);
      await expect(mine.getByRole("button", { name: "Approve" })).toHaveCount(0);
      await expect(mine.getByRole("button", { name: "Withdraw" })).toBeVisible();

      // B approves in the page, through the step-up dialog.
      await b.page.goto("/settings");
      const theirs = b.page.getByTestId(`pending-change-${pendingChange.id}`);
      await expect(theirs).toContainText(`${usd(thresholds.USD!)} → ${usd(raised.USD)}`);
      await theirs.getByRole("button", { name: "Approve" }).click();
      await answerStepUp(b.page, b.email, b.page.getByTestId("pending-message"));
      await expect(b.page.getByTestId("pending-message")).toHaveText("Approved and applied.");
      expect((await (await request.get("/api/settings")).json()).settings.refundApprovalThresholds.USD).toBe(
        raised.USD,
      );

      const steps = await sql<{ action: string; actor_email: string }>(
        "SELECT action, actor_email FROM audit_log WHERE target_id = $1 AND result <> 'denied' ORDER BY id",
        [pendingChange.id],
      );
      expect(steps).toEqual([
        { action: "pending_change.request", actor_email: ADMIN },
        { action: "pending_change.approve", actor_email: b.email },
      ]);

      // Lowering it back is a tightening: at once, no second admin.
      const back = await request.patch("/api/settings", { headers, data: { refundApprovalThresholds: thresholds } });
      expect(back.status(), await back.text()).toBe(200);
    } finally {
      await b.done();
    }
  });

  // Issue 48, item 3: the last admin set a webhook secret alone and signed the provider's outcomes himself.
  test("replacing the webhook secret waits for the other admin, its value never shown; B's approval applies it", async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    const b = await secondAdmin(browser, baseURL!);
    const value = `whsec_e2e_pending_${Date.now()}`;
    try {
      await page.goto("/settings");
      const form = page.getByTestId("credential-webhook-secret");
      await form.getByLabel(/^New /).fill(value);
      await form.getByRole("button", { name: "Rotate" }).click();
      await answerStepUp(page, ADMIN, page.getByTestId("settings-message"));
      await expect(page.getByTestId("settings-message")).toContainText("Waiting for a second admin");
      const [row] = await sql<{ id: string; payload: unknown }>(
        "SELECT id, payload FROM pending_changes WHERE kind = 'settings.credential' AND status = 'pending'",
      );
      expect(JSON.stringify(row!.payload)).not.toContain(value);
      const status = async () => (await (await request.get("/api/settings")).json()).credentials["webhook-secret"];
      const before = await status();

      await b.page.goto("/settings");
      const theirs = b.page.getByTestId(`pending-change-${row!.id}`);
      await expect(theirs).toContainText("Replace the stored value: Webhook secret");
      await expect(theirs).not.toContainText(value);
      await theirs.getByRole("button", { name: "Approve" }).click();
      await answerStepUp(b.page, b.email, b.page.getByTestId("pending-message"));
      await expect(b.page.getByTestId("pending-message")).toHaveText("Approved and applied.");
      const after = await status();
      expect(after.updatedAt).not.toBe(before.updatedAt);
      expect(after.updatedBy).toBe(b.email);
    } finally {
      await b.done();
      await restoreSandboxSecret(browser, baseURL!); // one admin again: at once
    }
  });

  test("a new manager and a finance user's password reset wait; the approver alone sees the temporary password", async ({
    request,
    browser,
    baseURL,
  }) => {
    const headers = { Origin: baseURL! };
    const b = await secondAdmin(browser, baseURL!);
    try {
      await stepUpApi(request, baseURL!, ADMIN);
      const email = `dual-manager-${Date.now()}@example.com`;
      const asked = await request.post("/api/users", {
        headers: { ...headers, "Idempotency-Key": crypto.randomUUID() },
        data: { email, name: "Dual Manager", role: "manager", password: "a-strong-password-1" },
      });
      expect(asked.status(), await asked.text()).toBe(202);
      expect(await sql("SELECT id FROM users WHERE email = $1", [email])).toHaveLength(0);
      const stored = await sql<{ payload: string }>("SELECT payload::text FROM pending_changes WHERE target_id = $1", [
        email,
      ]);
      expect(stored[0]!.payload).not.toContain("a-strong-password-1");

      const finance = await createUser("finance", "dual-reset");
      const reset = await request.post(`/api/users/${finance.id}/password-reset`, { headers, data: {} });
      expect(reset.status()).toBe(202);
      expect(await reset.text()).not.toContain("temporaryPassword");

      await stepUpApi(b.request, baseURL!, b.email);
      const created = await b.request.post(`/api/pending-changes/${(await asked.json()).pendingChange.id}/approve`, {
        headers,
        data: {},
      });
      expect(created.status(), await created.text()).toBe(200);
      expect((await sql<{ role: string }>("SELECT role FROM users WHERE email = $1", [email]))[0]?.role).toBe(
        "manager",
      );
      // Its first password is made at approval and shown to the approver only: the password the
      // requester chose does not sign in (issue 30).
      expect((await created.json()).temporaryPassword).toMatch(/^\w{16}$/);
      const context = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
      const page = await context.newPage();
      await signIn(page, email, "a-strong-password-1");
      await expect(page.getByTestId("login-error")).toHaveText("Wrong email or password.");
      await context.close();
      const approved = await b.request.post(`/api/pending-changes/${(await reset.json()).pendingChange.id}/approve`, {
        headers,
        data: {},
      });
      expect((await approved.json()).temporaryPassword).toMatch(/^\w{16}$/);
    } finally {
      await b.done();
    }
  });

  test("one admin cannot make himself the only admin: disabling the other waits, and a disabled admin still counts", async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    const headers = { Origin: baseURL! };
    const b = await secondAdmin(browser, baseURL!);
    const asked: string[] = [];
    const pending = async (res: APIResponse) => {
      expect(res.status(), await res.text()).toBe(202);
      const id = (await res.json()).pendingChange.id as string;
      asked.push(id);
      return id;
    };
    try {
      await stepUpApi(request, baseURL!, ADMIN);
      await pending(await request.patch(`/api/users/${b.id}`, { headers, data: { disabled: true } }));
      await pending(await request.patch(`/api/users/${b.id}`, { headers, data: { role: "ops" } }));
      expect((await b.request.get("/api/me")).status()).toBe(200);

      // B is gone however it happened: A is still not "the only admin".
      await sql("UPDATE users SET disabled = true WHERE id = $1", [b.id]);
      const thresholds = (await (await request.get("/api/settings")).json()).settings
        .refundApprovalThresholds as Thresholds;
      await pending(
        await request.patch("/api/settings", {
          headers,
          data: { refundApprovalThresholds: { ...thresholds, SGD: 99_999_999 } },
        }),
      );
      expect((await (await request.get("/api/settings")).json()).settings.refundApprovalThresholds.SGD).toBeUndefined();
      await page.goto("/settings");
      await expect(page.getByTestId("no-approver-warning")).toBeVisible();
      await expect(page.getByTestId("single-admin-warning")).toHaveCount(0);
    } finally {
      for (const id of asked) await request.post(`/api/pending-changes/${id}/withdraw`, { headers, data: {} });
      await b.done();
    }
  });

  test("an approval applies only its own 'before → after', and answers 409 when its 'before' moved", async ({
    request,
    browser,
    baseURL,
  }) => {
    const headers = { Origin: baseURL! };
    const b = await secondAdmin(browser, baseURL!);
    try {
      const thresholds = (await (await request.get("/api/settings")).json()).settings
        .refundApprovalThresholds as Thresholds;
      await stepUpApi(request, baseURL!, ADMIN);
      await stepUpApi(b.request, baseURL!, b.email);
      const ask = async (base: Thresholds) => {
        const res = await request.patch("/api/settings", {
          headers,
          data: { refundApprovalThresholds: { ...base, USD: base.USD! + 100 } },
        });
        expect(res.status(), await res.text()).toBe(202);
        return (await res.json()).pendingChange.id as string;
      };
      const first = await ask(thresholds);
      // B lowers EUR meanwhile (a tightening: at once), then approves A's USD raise.
      const lower = { ...thresholds, EUR: 100 };
      expect(
        (await b.request.patch("/api/settings", { headers, data: { refundApprovalThresholds: lower } })).status(),
      ).toBe(200);
      expect((await b.request.post(`/api/pending-changes/${first}/approve`, { headers, data: {} })).status()).toBe(200);
      expect((await (await request.get("/api/settings")).json()).settings.refundApprovalThresholds).toEqual({
        ...lower,
        USD: thresholds.USD! + 100,
      });

      // Back to the start (lower USD: at once); A asks again, and USD moves before B answers.
      expect(
        (await request.patch("/api/settings", { headers, data: { refundApprovalThresholds: lower } })).status(),
      ).toBe(200);
      const second = await ask(lower);
      const moved = { ...lower, USD: 1 };
      expect(
        (await request.patch("/api/settings", { headers, data: { refundApprovalThresholds: moved } })).status(),
      ).toBe(200);
      const refused = await b.request.post(`/api/pending-changes/${second}/approve`, { headers, data: {} });
      expect(refused.status()).toBe(409);
      const { error } = await refused.json();
      expect(error.details.rule).toBe("changed_since");
      expect(error.message).toContain(`USD: ${thresholds.USD} → 1`);
      expect((await (await request.get("/api/settings")).json()).settings.refundApprovalThresholds).toEqual(moved);
      await request.post(`/api/pending-changes/${second}/withdraw`, { headers, data: {} });
      // Back to the thresholds the other specs expect: raising them is a loosening, so B approves.
      const restore = await request.patch("/api/settings", { headers, data: { refundApprovalThresholds: thresholds } });
      expect(restore.status()).toBe(202);
      const restored = await b.request.post(`/api/pending-changes/${(await restore.json()).pendingChange.id}/approve`, {
        headers,
        data: {},
      });
      expect(restored.status(), await restored.text()).toBe(200);
    } finally {
      await b.done();
    }
  });
});
