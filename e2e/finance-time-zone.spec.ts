import { randomUUID } from "node:crypto";
import { openSession } from "./support/sessions";
import { expect, test } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { createUser, sql } from "./support/users";

// Issue 21: a finance person in Asia/Shanghai filters the transactions list to "today" and
// gets exactly the charges made since local midnight. Two charges straddle that midnight by a
// minute (15:59Z and 16:01Z); a UTC day would show both or neither.

const ZONE = "Asia/Shanghai";

/** Today in Shanghai (YYYY-MM-DD) and the instant its midnight falls on, in UTC. */
function shanghaiToday(now = new Date()) {
  const day = new Intl.DateTimeFormat("en-CA", {
    timeZone: ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const midnight = new Date(Date.UTC(y, m - 1, d) - 8 * 3_600_000); // China keeps UTC+8 all year
  return { day, midnight };
}

test("a finance person in Asia/Shanghai filters today and gets exactly the charges since local midnight", async ({
  page,
}) => {
  const run = randomUUID().slice(0, 8);
  const { day, midnight } = shanghaiToday();
  const before = new Date(midnight.getTime() - 60_000); // 15:59Z: yesterday in Shanghai
  const after = new Date(midnight.getTime() + 60_000); // 16:01Z: today in Shanghai
  expect(before.toISOString()).toMatch(/T15:59:00\.000Z$/);
  expect(after.toISOString()).toMatch(/T16:01:00\.000Z$/);
  const ids = { before: `ch_tz_before_${run}`, after: `ch_tz_after_${run}` };
  for (const [id, at] of [
    [ids.before, before],
    [ids.after, after],
  ] as const) {
    await sql(
      `INSERT INTO ledger_transactions (id, type, reference, method, status, amount, currency, country,
         time_created, payload, source, updated_at)
       VALUES ($1, 'charge', $2, 'card', 'succeeded', 1999, 'USD', 'US', $3, '{}', 'test', now())`,
      [id, `tz-${run}-${id}`, at],
    );
  }

  const finance = await createUser("finance", "shanghai");
  await sql("UPDATE users SET time_zone = $2, locale = 'en' WHERE id = $1", [finance.id, ZONE]);
  await openSession(page, finance.email);

  // The shortcuts act only once React owns the page: in the server's HTML they are disabled, so
  // a click that comes before hydration waits rather than being lost (CI saw the URL unchanged).
  const html = await (await page.request.get(`/transactions?q=tz-${run}`)).text();
  for (const id of ["filter-today", "filter-yesterday"])
    expect(html.match(new RegExp(`<button[^>]*data-testid="${id}"[^>]*>`))?.[0]).toContain('disabled=""');

  await page.goto(`/transactions?q=tz-${run}`);
  const rows = page.getByTestId("transaction-row");
  await expect(rows).toHaveCount(2);
  await page.getByTestId("filter-today").click();
  await expect(page).toHaveURL(new RegExp(`from=${day}.*to=${day}|to=${day}.*from=${day}`));
  await expect(page.getByTestId("filter-today")).toHaveAttribute("aria-pressed", "true");
  await expect(rows).toHaveCount(1);
  await expect(rows.filter({ hasText: ids.after })).toHaveCount(1);
  await expect(rows.filter({ hasText: ids.before })).toHaveCount(0);

  // The API and the export take the same calendar day; the file keeps UTC and adds Shanghai time.
  const api = await page.request.get(`/api/transactions?q=tz-${run}&from=${day}&to=${day}`);
  expect((await api.json()).rows.map((r: { id: string }) => r.id)).toEqual([ids.after]);
  const csv = await page.request.get(`/api/transactions/export.csv?q=tz-${run}&from=${day}&to=${day}`);
  const records = parse(await csv.text(), { columns: true }) as Record<string, string>[];
  expect(records.map((r) => r.id)).toEqual([ids.after]);
  expect(records[0]!.time_created).toBe(after.toISOString());
  expect(records[0]![`time_created_local (${ZONE})`]).toBe(`${day} 00:01:00`);

  // Yesterday in Shanghai holds the other one.
  await page.getByTestId("filter-yesterday").click();
  await expect(rows).toHaveCount(1);
  await expect(rows.filter({ hasText: ids.before })).toHaveCount(1);
});
