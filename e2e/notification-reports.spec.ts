import { expect, test } from "@playwright/test";
import { ROLE_USERS, sql, storageStateFor } from "./support/users";

// Issue 35, item 5: a scheduled report's e-mailed link opens the report's own export for a
// signed-in person whose role may read it, and is refused (403) for one whose role may not.
// The dispatch row stands for the scheduler's (lib/reports/scheduled.ts, whose weekly timing
// and once-only sending lib/reports/scheduled.test.ts proves against the SMTP sink).

test.use({ storageState: storageStateFor("finance") });

test("a scheduled report's link: the subscriber opens it, a role without the permission gets 403", async ({
  page,
  browser,
}) => {
  await page.goto("/notifications/reports");
  await page.getByLabel("Report").selectOption("dailySummary");
  await page.getByLabel("How often").selectOption("weekly");
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByTestId("subscriptions")).toContainText("Daily summary · Weekly · Me");

  const [sub] = await sql<{ id: string; user_id: string }>(
    `SELECT s.id::text, s.user_id::text FROM report_subscriptions s JOIN users u ON u.id = s.user_id
      WHERE u.email = $1 AND s.report = 'dailySummary' ORDER BY s.created_at DESC LIMIT 1`,
    [ROLE_USERS.finance.email],
  );
  const [dispatch] = await sql<{ id: string }>(
    `INSERT INTO report_dispatches (id, subscription_id, user_id, period, from_day, to_day, expires_at, status)
     VALUES (gen_random_uuid(), $1::uuid, $2::uuid, 'week-e2e', '2026-01-05', '2026-01-11', now() + interval '1 day', 'sent')
     RETURNING id::text`,
    [sub!.id, sub!.user_id],
  );
  const link = `/api/reports/scheduled/${dispatch!.id}`;

  const opened = await page.request.get(link, { maxRedirects: 0 });
  expect(opened.status()).toBe(303);
  expect(opened.headers().location).toContain("/api/reports/summary.csv?from=2026-01-05&to=2026-01-11");
  const file = await page.request.get(link);
  expect(file.status()).toBe(200);
  expect(await file.text()).toContain("day,currency");

  const ops = await browser.newContext({ storageState: storageStateFor("ops") });
  const denied = await ops.request.get(link, { maxRedirects: 0 });
  expect(denied.status()).toBe(403);
  await ops.close();

  await page.getByRole("button", { name: "Unsubscribe" }).first().click();
  await expect(page.getByText("No scheduled reports.")).toBeVisible();
});
