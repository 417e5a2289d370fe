import { expect, test } from "@playwright/test";
import { storageStateFor } from "./support/users";
import { withPg } from "../scripts/lib/users";

test.describe("reports (finance)", () => {
  test.use({ storageState: storageStateFor("finance") });

  test("the daily summary's CSV matches the ledger's own sums", async ({ page, request }) => {
    const today = new Date().toISOString().slice(0, 10);
    const res = await request.get(`/api/reports/summary.csv?from=${today}&to=${today}`);
    expect(res.status()).toBe(200);
    const [header, ...lines] = (await res.text()).trim().split("\n");
    expect(header).toBe("day,currency,charges,charge_amount,captured,refunds,refunded,cancels,net");
    const sums = await withPg(
      process.env.DATABASE_URL!,
      async (c) =>
        (
          await c.query(
            `SELECT currency, count(*) FILTER (WHERE type = 'charge')::int AS charges,
                coalesce(sum(amount_captured) FILTER (WHERE type = 'charge'), 0)::bigint AS captured,
                coalesce(sum(amount) FILTER (WHERE type = 'refund' AND status = 'succeeded'), 0)::bigint AS refunded
           FROM ledger_transactions WHERE time_created >= $1::date AND time_created < $1::date + 1 GROUP BY 1`,
            [today],
          )
        ).rows,
    );
    const usd = sums.find((s: { currency: string }) => s.currency === "USD");
    expect(usd).toBeTruthy(); // earlier specs charged USD today
    const row = lines.find((l) => l.startsWith(`${today},USD,`))!.split(",");
    expect(Number(row[2])).toBe(usd.charges);
    expect(Math.round(Number(row[4]) * 100)).toBe(Number(usd.captured));
    expect(Math.round(Number(row[6]) * 100)).toBe(Number(usd.refunded));
    expect(Math.round(Number(row[8]) * 100)).toBe(Number(usd.captured) - Number(usd.refunded));

    await page.goto(`/reports?from=${today}&to=${today}`);
    // Days as a person reads them ("2 Dec 2026"), in the range line and the rows, not 2026-12-02.
    const day = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "UTC" }).format(
      new Date(`${today}T12:00:00Z`),
    );
    await expect(page.getByTestId("report-zone")).toContainText(`${day} to ${day}`);
    await expect(page.getByTestId("summary")).toContainText(day);
    await expect(page.getByTestId("summary")).not.toContainText(today);
    await expect(page.getByTestId("summary")).toContainText("USD");
    await expect(page.getByTestId("reasons")).toContainText("Consumer requested");

    // Issue 48, item 14: the page says when its figures were read, and a row written a moment ago
    // is in them at once (the kept totals' changes not yet folded are read with them).
    await expect(page.getByTestId("report-as-of")).toContainText("Figures as of");
    // In a currency no other spec charges in, so no other row can land in the count between the two reads.
    const nzd = page.getByTestId("summary").locator("tr", { hasText: "NZD" });
    await expect(nzd).toHaveCount(0);
    const id = `e2e-asof-${Date.now()}`;
    await withPg(process.env.DATABASE_URL!, (c) =>
      c.query(
        `INSERT INTO ledger_transactions (id, type, status, amount, amount_captured, currency, time_created, payload, source, updated_at)
         VALUES ($1, 'charge', 'succeeded', 100, 100, 'NZD', now(), '{}', 'test', now())`,
        [id],
      ),
    );
    try {
      await page.reload();
      await expect(nzd.locator("td").nth(2)).toHaveText("1");
    } finally {
      await withPg(process.env.DATABASE_URL!, (c) => c.query("DELETE FROM ledger_transactions WHERE id = $1", [id]));
    }
  });
});

test.describe("reports (ops)", () => {
  test.use({ storageState: storageStateFor("ops") });
  test("has no access", async ({ page, request }) => {
    expect((await page.goto("/reports"))?.status()).toBe(403);
    expect((await request.get("/api/reports/summary.csv")).status()).toBe(403);
  });
});
