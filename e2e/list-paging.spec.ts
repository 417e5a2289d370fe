import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { ROLE_USERS, sql, storageStateFor } from "./support/users";

// The lists that stopped at a fixed count (chargebacks at the 50 newest, customs at 200, the
// vault at 500, payment links at 50, operations at 200) page on to their last row, and their
// exports take every row. Here a charge with 55 chargebacks, 40 of them opened in the same
// second: the manager reads 50, moves to the 5 older ones, comes back, and exports all 55.

const run = Date.now().toString(36);
const chargeId = `pg${run}charge`;

test.beforeAll(async () => {
  for (let i = 0; i < 55; i++)
    await sql(
      `INSERT INTO chargebacks (id, charge_id, amount, currency, status, opened_at, last_change_at, updated_at)
       VALUES ($1, $2, $3, 'USD', 'Notification of Claim', $4::timestamptz, now(), now())`,
      [
        `pg-${run}-${String(i).padStart(2, "0")}`,
        chargeId,
        1000 + i,
        i < 40 ? "2026-11-20T08:00:00Z" : new Date(Date.parse("2026-11-20T08:00:00Z") - i * 60_000).toISOString(),
      ],
    );
});
test.afterAll(async () => {
  await sql("DELETE FROM chargebacks WHERE charge_id = $1", [chargeId]);
});

test.use({ storageState: storageStateFor("manager") });

test("the chargebacks list pages to its oldest case and back, and the export has every one", async ({ page }) => {
  await page.goto(`/chargebacks?q=${chargeId}`);
  const rows = page.getByTestId("chargeback");
  await expect(rows).toHaveCount(50);
  await expect(page.getByTestId("list-count")).toHaveText("More than 50 chargebacks");
  await expect(page.getByRole("link", { name: "← Newest" })).toHaveCount(0);

  await page.getByRole("link", { name: "Older →" }).click();
  await expect(rows).toHaveCount(5);
  await expect(page.getByTestId("list-count")).toHaveText("5 older chargebacks on this page");
  // The filter stays; the oldest opened is last.
  expect(new URL(page.url()).searchParams.get("q")).toBe(chargeId);
  await expect(rows.last().getByTestId("row-id")).toContainText(`pg-${run}-54`);
  await expect(page.getByRole("link", { name: "Older →" })).toHaveCount(0);

  const seen = new Set<string>();
  for (const id of await rows.getByTestId("row-id").allTextContents()) seen.add(id);
  await page.getByRole("link", { name: "← Newest" }).click();
  await expect(rows).toHaveCount(50);
  for (const id of await rows.getByTestId("row-id").allTextContents()) seen.add(id);
  expect(seen.size).toBe(55);

  const download = page.waitForEvent("download");
  await page.getByTestId("export-chargebacks").click();
  const lines = readFileSync(await (await download).path(), "utf8")
    .trim()
    .split("\n");
  expect(lines).toHaveLength(56);

  // The audit log says what left the console: the export's closing row counts the 55 rows.
  await expect(async () => {
    await page.goto("/audit?action=chargeback.export&result=succeeded");
    await expect(page.getByRole("row").filter({ hasText: "55 rows exported" }).first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
});

test("a cursor the list did not give (stale, edited) shows the newest page, called the newest", async ({ page }) => {
  await page.goto(`/chargebacks?q=${chargeId}&cursor=bm90LWEtY3Vyc29y`);
  await expect(page.getByTestId("chargeback")).toHaveCount(50);
  await expect(page.getByTestId("list-count")).toHaveText("More than 50 chargebacks");
  await expect(page.getByRole("link", { name: "← Newest" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Older →" })).toHaveCount(1);
});

test.describe("the approvals queue", () => {
  // It stopped at 200: a refund asked for beyond them could not be reached to be decided.
  const prefix = `ap${run}c`;
  test.beforeAll(async () => {
    const [finance] = await sql<{ id: string; email: string }>("SELECT id, email FROM users WHERE email = $1", [
      ROLE_USERS.finance.email,
    ]);
    await sql(
      `INSERT INTO ledger_transactions (id, type, method, status, amount, currency, amount_captured, time_created, payload, source, updated_at)
       SELECT $1 || lpad(i::text, 3, '0'), 'charge', 'card', 'succeeded', 90000, 'USD', 90000, now(), '{}', 'test', now()
         FROM generate_series(1, 205) i`,
      [prefix],
    );
    await sql(
      `INSERT INTO operations (id, kind, transaction_id, reference, idempotency_key, request_hash, amount, currency, status,
         requested_by_id, requested_by_email, created_at, updated_at)
       SELECT gen_random_uuid(), 'refund', $1 || lpad(i::text, 3, '0'), $1 || i || '-r', $1 || i || '-r', 'x', 60000, 'USD',
         'pending_approval', $2, $3, '2026-01-01T00:00:00Z'::timestamptz - i * interval '1 second', now()
         FROM generate_series(1, 205) i`,
      [prefix, finance!.id, finance!.email],
    );
  });
  test.afterAll(async () => {
    await sql("DELETE FROM operations WHERE transaction_id LIKE $1", [`${prefix}%`]);
    await sql("DELETE FROM ledger_transactions WHERE id LIKE $1", [`${prefix}%`]);
  });

  test("pages past 200 to the oldest request waiting", async ({ page }) => {
    await page.goto("/approvals");
    const seen = new Set<string>();
    for (let pages = 1; ; pages++) {
      await expect(page.getByTestId("approval").first()).toBeVisible();
      for (const id of await page.getByTestId("approval").getByTestId("row-id").getByRole("link").allTextContents())
        if (id.startsWith(prefix)) seen.add(id);
      const older = page.getByRole("link", { name: "Older →" });
      if ((await older.count()) === 0) break;
      expect(pages, "more pages than 205 requests need").toBeLessThan(10);
      // A full load of the older page's address: what a person's link would give, and no stale rows read.
      await page.goto((await older.getAttribute("href"))!);
      await expect(page.getByTestId("list-count")).toContainText("older");
    }
    expect(seen.size).toBe(205);
    // The last page holds the oldest request, which the 200 cut off.
    await expect(page.getByTestId("approval").last().getByTestId("row-id")).toContainText(`${prefix}205`);
  });
});
