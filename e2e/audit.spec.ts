import { expect, test } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { sql, storageStateFor } from "./support/users";

test.describe("audit log (manager)", () => {
  test.use({ storageState: storageStateFor("manager") });

  test("filters by user, action, result and date, and exports exactly the filtered entries as CSV", async ({
    page,
    browser,
    baseURL,
  }) => {
    // Make sure a refused attempt by ops exists.
    const ops = await browser.newContext({ storageState: storageStateFor("ops"), baseURL });
    expect((await ops.request.get("/api/users")).status()).toBe(403);
    await ops.close();

    const today = new Date().toISOString().slice(0, 10);
    await page.goto("/audit");
    await page.getByLabel("User email").fill("e2e-ops");
    await page.getByLabel("Result").selectOption("denied");
    await page.getByLabel("From", { exact: true }).fill(today);
    await page.getByLabel("To", { exact: true }).fill(today);
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(new RegExp(`actor=e2e-ops.*result=denied.*from=${today}&to=${today}`));
    const rows = page.getByTestId("audit-table").locator("tbody tr");
    await expect(rows.first()).toContainText("e2e-ops@example.com");
    for (const text of await rows.allTextContents()) {
      expect(text).toContain("e2e-ops@example.com");
      expect(text).toContain("denied");
    }

    const csv = await page.request.get(`/api/audit/export.csv?actor=e2e-ops&result=denied&from=${today}&to=${today}`);
    expect(csv.status()).toBe(200);
    expect(csv.headers()["content-type"]).toContain("text/csv");
    const records = parse(await csv.text(), { columns: true }) as Record<string, string>[];
    const [expected] = await sql<{ n: string }>(
      "SELECT count(*) AS n FROM audit_log WHERE actor_email ILIKE '%e2e-ops%' AND result = 'denied' AND at >= $1::date AND at < $1::date + 1",
      [today],
    );
    expect(records.length).toBe(Number(expected!.n));
    expect(records.every((r) => r.actor_email === "e2e-ops@example.com" && r.result === "denied")).toBe(true);
    expect(records.some((r) => r.reason === "missing permission users.manage")).toBe(true);

    // Days with nothing in them answer an empty list, not an error.
    await page.goto("/audit?from=2001-01-01&to=2001-01-02");
    await expect(page.getByTestId("audit-table")).toContainText("No entries match these filters.");
    const empty = parse(await (await page.request.get("/api/audit/export.csv?from=2001-01-01&to=2001-01-02")).text(), {
      columns: true,
    });
    expect(empty).toEqual([]);
  });
});

test.describe("audit log for other roles", () => {
  test.use({ storageState: storageStateFor("finance") });

  test("finance gets 403 on the page and the export", async ({ page }) => {
    expect((await page.goto("/audit"))?.status()).toBe(403);
    expect((await page.request.get("/api/audit/export.csv")).status()).toBe(403);
  });
});
