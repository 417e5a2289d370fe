import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import {
  FIRST_LOAD_BUDGET_KIB,
  FIRST_LOAD_PAGES,
  fillPath,
  firstLoadKiB,
  sampleRowsSql,
} from "../scripts/lib/first-load";
import { consolePages } from "./support/every-page";
import { sql, storageStateFor } from "./support/users";

// The first-load budget does not depend on timing, so it is held here, in `npm test`, on the
// suite's production server: every page of each kind, signed in as who opens it, loads at most
// FIRST_LOAD_BUDGET_KIB of JavaScript (gzip). `npm run bench:bundle` prints the same figures.

const cookieOf = (role: "finance" | "admin" | "manager") =>
  (JSON.parse(readFileSync(storageStateFor(role), "utf8")) as { cookies: { name: string; value: string }[] }).cookies
    .map((c) => `${c.name}=${c.value}`)
    .join("; ");

test(`every page loads at most ${FIRST_LOAD_BUDGET_KIB} KiB of JavaScript (gzip) before first paint`, async ({
  baseURL,
}) => {
  test.setTimeout(120_000);
  const run = Date.now().toString().padStart(21, "0");
  const ids = { tx: `9${run}`, token: `tok_fl_${run}`, chargeback: `cb_fl_${run}`, customer: `fl-customer-${run}` };
  await sql(sampleRowsSql(ids));
  const figures: string[] = [];
  for (const [template, role] of FIRST_LOAD_PAGES) {
    const path = fillPath(template, ids);
    const { kib } = await firstLoadKiB(baseURL!, path, role ? cookieOf(role) : undefined);
    figures.push(`${path} ${kib.toFixed(1)}`);
    expect.soft(kib, `${path}: ${kib.toFixed(1)} KiB`).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_KIB);
  }
  test.info().annotations.push({ type: "first-load KiB", description: figures.join(", ") });
});

test("the budget (and the screenshot script, which shares the list) covers every page of the console", () => {
  const measured = new Set(FIRST_LOAD_PAGES.map(([path]) => path.replace(/\?.*$/, "").replace(/\{\w+\}/g, "[x]")));
  const pattern = (page: string) => page.replace(/\[[^\]]+\]/g, "[x]");
  expect(consolePages().filter((page) => !measured.has(pattern(page)))).toEqual([]);
});
