import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { ROLE_USERS, sql, storageStateFor } from "./support/users";
import { stepUpApi } from "./support/sign-in";
import { secondAdmin } from "./support/second-admin";
import { signed, restoreSandboxSecret } from "./support/webhooks";

// Issue 17, the payment service's notifications: one capped intake for every spelling of the
// webhook path, refused replays visible in the inbox, and the inbox's retention rule.

const stored = async (marker: string) =>
  (
    await sql<{ n: number }>("SELECT count(*)::int AS n FROM webhook_notifications WHERE raw_body LIKE $1", [
      `%${marker}%`,
    ])
  )[0]!.n;

test.describe("webhook intake", () => {
  // Other specs rotate the webhook secret; the sandbox signs with its default one.
  test.beforeAll(({ browser, baseURL }) => restoreSandboxSecret(browser, baseURL!));

  test("a 1 MB body is refused with 413 on every spelling of the webhook path, and nothing is stored", async ({
    playwright,
    baseURL,
  }) => {
    const sender = await playwright.request.newContext({ baseURL }); // no session, no Origin: like the payment service
    for (const path of ["/api/webhooks/%75pi", "/api/webhooks/upi", "/api/%77ebhooks/upi?x=1"]) {
      const marker = `big-${randomUUID()}`;
      const body = JSON.stringify({
        id: marker,
        transaction_type: "charge",
        status: "captured",
        padding: "x".repeat(1024 * 1024),
      });
      const res = await sender.post(path, { headers: { "Content-Type": "application/json" }, data: body });
      expect(res.status(), path).toBe(413);
      expect((await res.json()).error).toMatchObject({
        code: "payload_too_large",
        message: expect.stringContaining("64 KB"),
      });
      expect(await stored(marker)).toBe(0);
    }
    // The other spelling is the webhook itself: a small notification is stored and acknowledged.
    const id = `e2e-sw-${randomUUID()}`;
    const ok = await sender.post("/api/webhooks/%75pi", {
      data: signed({
        id,
        transaction_type: "charge",
        reference: id,
        amount: 100,
        currency: "EUR",
        status: "authorized",
        time_completed: new Date().toISOString(),
      }),
    });
    expect(ok.status()).toBe(200);
    expect(await stored(id)).toBe(1);
    await sender.dispose();
  });

  test("a genuine notification signed outside the replay window is refused, kept, and shown as expired without Re-apply", async ({
    browser,
    playwright,
    baseURL,
  }) => {
    const sender = await playwright.request.newContext({ baseURL });
    const id = `e2e-old-${randomUUID()}`;
    const old = new Date(Date.now() - 8 * 86_400_000).toISOString();
    const res = await sender.post("/api/webhooks/upi", {
      data: signed({
        id,
        transaction_type: "charge",
        reference: id,
        amount: 4200,
        currency: "EUR",
        status: "captured",
        time_completed: old,
        time_created: old,
      }),
    });
    expect(res.status()).toBe(200);
    await sender.dispose();

    const manager = await browser.newContext({ storageState: storageStateFor("manager"), baseURL });
    const page = await manager.newPage();
    await page.goto(`/webhooks?q=${id}`);
    const row = page.getByTestId("notification");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("verified");
    await expect(row).toContainText("expired");
    await expect(row).toContainText("replay window");
    await expect(row.getByRole("button", { name: "Re-apply" })).toHaveCount(0);
    expect(await sql("SELECT 1 FROM ledger_transactions WHERE id = $1", [id])).toHaveLength(0);
    await manager.close();
  });
});

test.describe("inbox retention", () => {
  test.use({ storageState: storageStateFor("admin") });

  test("an admin sets how long the inbox keeps notifications", async ({ page, request, browser, baseURL }) => {
    // A shorter retention deletes evidence: it waits for a second admin (lib/pending-changes).
    const other = await secondAdmin(browser, baseURL!);
    await page.goto("/settings");
    const form = page.getByTestId("retention-form");
    await expect(form.getByLabel("Applied, confirmed, unchanged or stale (days)")).toHaveValue("90");
    await expect(form.getByLabel("Rejected or expired (days)")).toHaveValue("7");
    await form.getByLabel("Applied, confirmed, unchanged or stale (days)").fill("3");
    await form.getByRole("button", { name: "Save retention" }).click();
    await expect(page.getByTestId("retention-settled-error")).toHaveText("At least 7 days (the replay window)");
    await form.getByLabel("Applied, confirmed, unchanged or stale (days)").fill("30");
    await form.getByLabel("Rejected or expired (days)").fill("3");
    await form.getByRole("button", { name: "Save retention" }).click();
    await expect(page.getByTestId("retention-message")).toContainText("Waiting for a second admin");
    const [waiting] = await sql<{ id: string }>(
      "SELECT id FROM pending_changes WHERE status = 'pending' AND requested_by_email = $1 ORDER BY requested_at DESC LIMIT 1",
      [ROLE_USERS.admin.email],
    );
    await stepUpApi(other.request, baseURL!, other.email);
    expect(
      (
        await other.request.post(`/api/pending-changes/${waiting!.id}/approve`, {
          headers: { Origin: baseURL! },
          data: {},
        })
      ).status(),
    ).toBe(200);
    await other.done();
    await page.reload();
    await expect(page.getByTestId("retention-form").getByLabel("Rejected or expired (days)")).toHaveValue("3");
    // The server holds the same floor as the form.
    await stepUpApi(request, baseURL!, ROLE_USERS.admin.email);
    const low = await request.patch("/api/settings", {
      headers: { Origin: baseURL! },
      data: { webhookRetentionDays: 3 },
    });
    expect(low.status()).toBe(422);
    const back = await request.patch("/api/settings", {
      headers: { Origin: baseURL! },
      data: { webhookRetentionDays: 90, webhookRejectedRetentionDays: 7 },
    });
    expect(back.status()).toBe(200);
  });
});
