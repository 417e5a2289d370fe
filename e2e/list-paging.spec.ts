import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { sql, storageStateFor } from "./support/users";

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
