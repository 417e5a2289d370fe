import { expect, test } from "@playwright/test";
import { createUser, ROLE_USERS, sql, storageStateFor } from "./support/users";
import { answerStepUp, stepUpApi } from "./support/sign-in";
import { secondAdmin } from "./support/second-admin";

// Issue 17: no single person can lower a control. A change that loosens one (a higher refund
// threshold, a new manager, a reset of a finance user's password) waits for a second admin.
const ADMIN = ROLE_USERS.admin.email;
type Thresholds = Record<string, number>;

test.describe("two admins (maker-checker for admins)", () => {
  test.use({ storageState: storageStateFor("admin") });

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
      expect(pendingChange.lines).toEqual([`Refund approval threshold USD: ${thresholds.USD} → ${raised.USD}`]);
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
      await expect(theirs).toContainText(`${thresholds.USD} → ${raised.USD}`);
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
      const approved = await b.request.post(`/api/pending-changes/${(await reset.json()).pendingChange.id}/approve`, {
        headers,
        data: {},
      });
      expect((await approved.json()).temporaryPassword).toMatch(/^\w{16}$/);
    } finally {
      await b.done();
    }
  });
});
